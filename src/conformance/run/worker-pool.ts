/**
 * A worker pool: `work` over `items`, at most `width` at a time, results in the items' order.
 * Used by the scheduler for cases and by the mutation and fuzz scripts for whole runs.
 */

/** Runs `work` over `items`; an item not started because `shouldStop()` turned true stays undefined. */
export async function pool<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
  shouldStop: () => boolean = () => false,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !shouldStop()) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
  return out;
}
