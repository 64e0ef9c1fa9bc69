// Node 20 lacks Map.groupBy / Object.groupBy (Node 21+); Vitest 5's reporter uses them. Remove with Node 22.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = function groupBy(items, keyOf) {
    const map = new Map();
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(item);
    }
    return map;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = function groupBy(items, keyOf) {
    const out = Object.create(null);
    let i = 0;
    for (const item of items) {
      const key = keyOf(item, i++);
      (out[key] ??= []).push(item);
    }
    return out;
  };
}
