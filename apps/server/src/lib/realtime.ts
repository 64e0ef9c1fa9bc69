// Realtime fan-out: events addressed to students reach their open websockets on this process and,
// when REDIS_URL is set, on every other process too (Redis pub/sub).
import { Redis } from 'ioredis';

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

type Listener = (event: RealtimeEvent) => void;

const CHANNEL = 'reshelf:realtime';

export interface RealtimeHub {
  /** Delivers the event to every connection of these students, on every process. */
  publish(studentIds: (string | null | undefined)[], event: RealtimeEvent): Promise<void>;
  subscribe(studentId: string, listener: Listener): () => void;
  connections(): number;
  close(): Promise<void>;
}

export function createRealtimeHub(redisUrl: string | undefined, onError: (err: unknown) => void): RealtimeHub {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (ids: string[], event: RealtimeEvent) => {
    for (const id of ids) for (const l of listeners.get(id) ?? []) l(event);
  };

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (redisUrl) {
    pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    sub = new Redis(redisUrl);
    sub.subscribe(CHANNEL).catch(onError);
    sub.on('message', (_channel, raw: string) => {
      try {
        const { ids, event } = JSON.parse(raw) as { ids: string[]; event: RealtimeEvent };
        deliver(ids, event);
      } catch (err) {
        onError(err);
      }
    });
    pub.on('error', onError);
    sub.on('error', onError);
  }

  return {
    async publish(studentIds, event) {
      const ids = [...new Set(studentIds.filter((id): id is string => Boolean(id)))];
      if (!ids.length) return;
      if (pub) await pub.publish(CHANNEL, JSON.stringify({ ids, event }));
      else deliver(ids, event);
    },
    subscribe(studentId, listener) {
      let set = listeners.get(studentId);
      if (!set) listeners.set(studentId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(studentId);
      };
    },
    connections: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      await Promise.all([pub?.quit().catch(() => pub?.disconnect()), sub?.quit().catch(() => sub?.disconnect())]);
    },
  };
}
