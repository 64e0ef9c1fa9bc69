// Loads by key that share statements: at most one batch is out at a time, and the keys asked for while it
// is out wait for the next, which is sent, all of them in one call, as soon as that one returns. Under
// load a process then sends one statement per round trip instead of one per request; alone, a load goes
// at once. Every caller's load starts after it asked, so it sees whatever was committed before it came
// (docs/decisions/0053-book-reads-in-batches.md).

/** What a caller gets: the values of its keys (a batch's other keys may be there too); a key with no value is absent. */
export type LoadMany<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

/**
 * `loadMany`, batched as above. A caller whose keys would take the waiting batch past `maxKeys` loads on
 * its own at once, beside the batch that is out. A failed batch fails only its own callers; the next goes
 * all the same.
 */
export function batchedLoads<K, V>(loadMany: LoadMany<K, V>, maxKeys = 100): LoadMany<K, V> {
  let out = false;
  let next: { keys: Set<K>; resolve: (found: ReadonlyMap<K, V>) => void; reject: (err: unknown) => void; loaded: Promise<ReadonlyMap<K, V>> } | undefined;

  const send = (keys: readonly K[]): Promise<ReadonlyMap<K, V>> => {
    out = true;
    let loading: Promise<ReadonlyMap<K, V>>;
    try {
      loading = loadMany(keys);
    } catch (err) {
      loading = Promise.reject(err);
    }
    const sendNext = () => {
      out = false;
      const batch = next;
      next = undefined;
      if (batch) send([...batch.keys]).then(batch.resolve, batch.reject);
    };
    loading.then(sendNext, sendNext);
    return loading;
  };

  return (keys) => {
    if (!out) return send(keys);
    if (!next) {
      let resolve!: (found: ReadonlyMap<K, V>) => void;
      let reject!: (err: unknown) => void;
      const loaded = new Promise<ReadonlyMap<K, V>>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      next = { keys: new Set(), resolve, reject, loaded };
    }
    const batch = next;
    const adding = keys.filter((k) => !batch.keys.has(k));
    if (batch.keys.size + adding.length > maxKeys) return loadMany(keys);
    for (const k of adding) batch.keys.add(k);
    return batch.loaded;
  };
}
