/** Runs `work` over `items`, at most `width` at a time; the first error is thrown after all finish. */
export async function inParallel<T>(
  items: T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((e: unknown) => errors.push(e));
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  if (errors.length) throw errors[0];
}
