// Realtime fan-out: events addressed to students reach their open websockets on this process and,
// when REDIS_URL is set, on every other process too (Redis pub/sub). The same channel carries the end of
// sessions, so that a socket opened under a session closes wherever it is as soon as that session ends.
import { Redis } from 'ioredis';
import { realtimeEventSchema, type RealtimeEvent } from '@reshelf/shared';
import { closeRedis } from './redis.ts';

export type { RealtimeEvent };

/** Sessions of one student that have ended: the listed ones, or all of them but one (or none). */
export type EndedSessions =
  | { studentId: string; tokenHashes: string[] }
  | { studentId: string; allExcept: string | null };

/** One open socket: the session it was opened under, where its events go, how it is closed. */
export interface Subscriber {
  tokenHash: string;
  send(event: RealtimeEvent): void;
  end(): void;
}

type Envelope = { ids: string[]; event: RealtimeEvent } | { ended: EndedSessions };

const CHANNEL = 'reshelf:realtime';

export interface RealtimeHub {
  /** Delivers the event to every connection of these students, on every process. */
  publish(studentIds: (string | null | undefined)[], event: RealtimeEvent): Promise<void>;
  /** Ends every connection opened under these sessions, on every process. */
  endSessions(ended: EndedSessions): Promise<void>;
  subscribe(studentId: string, subscriber: Subscriber): () => void;
  connections(): number;
  close(): Promise<void>;
}

const endedIncludes = (ended: EndedSessions, tokenHash: string) =>
  'tokenHashes' in ended ? ended.tokenHashes.includes(tokenHash) : ended.allExcept !== tokenHash;

export function createRealtimeHub(redisUrl: string | undefined, onError: (err: unknown) => void): RealtimeHub {
  const subscribers = new Map<string, Set<Subscriber>>();
  const deliver = (envelope: Envelope) => {
    if ('ended' in envelope) {
      for (const s of subscribers.get(envelope.ended.studentId) ?? []) if (endedIncludes(envelope.ended, s.tokenHash)) s.end();
      return;
    }
    for (const id of envelope.ids) for (const s of subscribers.get(id) ?? []) s.send(envelope.event);
  };

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (redisUrl) {
    pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    sub = new Redis(redisUrl);
    sub.subscribe(CHANNEL).catch(onError);
    sub.on('message', (_channel, raw: string) => {
      try {
        deliver(JSON.parse(raw) as Envelope);
      } catch (err) {
        onError(err);
      }
    });
    pub.on('error', onError);
    sub.on('error', onError);
  }

  async function send(envelope: Envelope) {
    if (pub) await pub.publish(CHANNEL, JSON.stringify(envelope));
    else deliver(envelope);
  }

  return {
    async publish(studentIds, event) {
      const ids = [...new Set(studentIds.filter((id): id is string => Boolean(id)))];
      // Checked and trimmed to the shared event schema once, like an HTTP answer, before any socket sees it.
      if (ids.length) await send({ ids, event: realtimeEventSchema.parse(event) });
    },
    async endSessions(ended) {
      // This process's sockets close at once, whatever Redis does; the others hear it through Redis.
      deliver({ ended });
      if (pub) await pub.publish(CHANNEL, JSON.stringify({ ended }));
    },
    subscribe(studentId, subscriber) {
      let set = subscribers.get(studentId);
      if (!set) subscribers.set(studentId, (set = new Set()));
      set.add(subscriber);
      return () => {
        set.delete(subscriber);
        if (!set.size) subscribers.delete(studentId);
      };
    },
    connections: () => [...subscribers.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
