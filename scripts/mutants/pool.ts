/** Runs `work` over `items`, at most `width` at a time; results in the items' order. */
export async function pool<T, R>(
  items: readonly T[],
  width: number,
  work: (t: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T);
      }
    }),
  );
  return out;
}
