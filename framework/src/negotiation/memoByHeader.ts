/**
 * Remembers what `compute` answered for each header value, for up to `limit` distinct
 * values. Clients send a few distinct `Accept` headers over and over, and parsing one costs
 * more than the rest of negotiation; past the limit (a client making them up) it computes.
 */
export function memoByHeader<T>(
  compute: (header: string | null) => T,
  limit = 256,
): (header: string | null) => T {
  const known = new Map<string | null, T>();
  return (header) => {
    if (known.has(header)) return known.get(header) as T;
    const value = compute(header);
    if (known.size < limit) known.set(header, value);
    return value;
  };
}
