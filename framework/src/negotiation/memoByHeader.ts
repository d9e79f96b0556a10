/**
 * The longest header value remembered: a browser's `Accept` is about 140 characters. With
 * `limit` values of at most this length, a client making headers up cannot make the memo
 * hold more than about 128 kB, however long the headers the server takes.
 */
const LONGEST_REMEMBERED = 512;

/**
 * Remembers what `compute` answered for each header value, for up to `limit` distinct
 * values. Clients send a few distinct `Accept` headers over and over, and parsing one costs
 * more than the rest of negotiation; past the limit (a client making them up), or for a
 * value longer than any client needs, it computes.
 *
 * Content negotiation and versioning each keep one, so a resource decides its media type
 * and its version once per `Accept`: with `Accept: application/hal+json,
 * application/json;q=0.9`, the conference API's `GET /speaker/26` took 25.3 µs of CPU
 * without sockets with them and 34.1 µs without (medians of 7 alternating runs, issue 47).
 * Without an `Accept` there is nothing to parse, and they save nothing.
 */
export function memoByHeader<T>(
  compute: (header: string | null) => T,
  limit = 256,
): (header: string | null) => T {
  const known = new Map<string | null, T>();
  return (header) => {
    if (known.has(header)) return known.get(header) as T;
    const value = compute(header);
    if (known.size < limit && (header === null || header.length <= LONGEST_REMEMBERED)) {
      known.set(header, value);
    }
    return value;
  };
}
