/**
 * Runs `work` over `items` with at most `limit` at a time, calling `settled` as each finishes
 * (in finishing order), and returns the results in the items' order.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  settled?: (result: R, item: T) => void,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as T;
      const result = await work(item);
      results[index] = result;
      settled?.(result, item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
