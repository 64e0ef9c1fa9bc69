// The live channel to the server (GET /api/v1/realtime, docs/api.md "Realtime"): a websocket that only
// listens for events (new order messages, order changes, notifications). A dropped connection comes
// back after 1 s, 5 s, 10 s and then every 60 s; a socket the server closes because
// nobody is signed in (code 4401) stays closed. Pages refetch what they show when it reconnects,
// since events sent while it was down are lost.
import { useEffect, useRef } from 'react';
import { realtimeEventSchema, type RealtimeEvent } from '@reshelf/shared';

const REALTIME_PATH = '/api/v1/realtime';

/** Waits before each reconnect attempt; the last one repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 5_000, 10_000, 60_000] as const;

/** The server closes with this code when the socket has no signed-in student behind it, or its session ends. */
const NOT_SIGNED_IN_CLOSE_CODE = 4401;

export type { RealtimeEvent };

export interface RealtimeHandlers {
  onEvent?: (event: RealtimeEvent) => void;
  /** Called when the connection is back after a drop (not on the first connect): refetch then. */
  onReconnect?: () => void;
  /** Called when the server closes the channel because the session ended (signed out elsewhere, expired). */
  onSessionEnded?: () => void;
}

export interface RealtimeConnection {
  close: () => void;
}

/** The delay before reconnect attempt number `attempt` (0-based). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

/** The event types of the shared event schema; the server checks each event against it before sending. */
const EVENT_TYPES: ReadonlySet<string> = new Set(realtimeEventSchema.options.map((option) => option.shape.type.value));

/** The event in a frame. An event this version does not know (a newer server) or a malformed frame is ignored. */
function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as unknown;
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
    return typeof type === 'string' && EVENT_TYPES.has(type) ? (value as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

/** Opens the channel and keeps it open until `close()`. */
export function connectRealtime(handlers: RealtimeHandlers, url: string = defaultUrl()): RealtimeConnection {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let hadConnection = false;

  const open = () => {
    if (closed) return;
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      if (hadConnection) handlers.onReconnect?.();
      hadConnection = true;
    };
    current.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (event) handlers.onEvent?.(event);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      if (closed) return;
      if (event.code === NOT_SIGNED_IN_CLOSE_CODE) return handlers.onSessionEnded?.();
      timer = setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };
  };

  open();
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
      const current = socket;
      socket = null;
      current?.close();
    },
  };
}

/**
 * Listens to the live channel while `enabled` (a student is signed in). The handlers may change on
 * every render; the connection does not.
 */
export function useRealtime(handlers: RealtimeHandlers, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const connection = connectRealtime({
      onEvent: (event) => latest.current.onEvent?.(event),
      onReconnect: () => latest.current.onReconnect?.(),
      onSessionEnded: () => latest.current.onSessionEnded?.(),
    });
    return () => connection.close();
  }, [enabled]);
}
