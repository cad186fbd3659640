/**
 * Group commit for writes that arrive one by one (callbacks, the simulator's ledger): the first
 * call writes at once; the calls that arrive while a write is running wait for it and then go
 * together in the next one (at most `max` a statement). Each caller's promise settles only after
 * the write holding its item has committed, with its own answer (or the write's error), so nothing
 * is acknowledged before it is stored; under load a statement carries many items instead of one
 * transaction each.
 */
export function groupWrites<T, R>(write: (items: T[]) => Promise<R[]>, max = 500): (item: T) => Promise<R> {
  let queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let running = false;
  const pump = async () => {
    running = true;
    while (queue.length) {
      const taken = queue.slice(0, max);
      queue = queue.slice(max);
      try {
        const answers = await write(taken.map((t) => t.item));
        for (const [i, t] of taken.entries()) t.resolve(answers[i] as R);
      } catch (error) {
        for (const t of taken) t.reject(error);
      }
    }
    running = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void pump();
    });
}
