// Runs async work one piece at a time, in the order it was asked for, each piece started on a fresh turn
// of the event loop so that requests which arrived meanwhile are read and queued first.
export function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(nextTurn).then(work);
    tail = run.catch(() => {});
    return run;
  };
}
