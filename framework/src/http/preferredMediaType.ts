import Negotiator from 'negotiator';

/**
 * The offered media type a client prefers by its `Accept` header (RFC 9110 §12.5.1),
 * honouring q-values, wildcards and parameters. A missing or empty `Accept` means
 * "anything", so the first offer, the default, wins. `undefined` means the client accepts
 * none of them: a 406, or another answer than the ones offered.
 *
 * Content negotiation builds on it (adding vendor types); so does the not-found problem,
 * which only asks whether a client takes a problem document over plain text.
 *
 * @param accept - the request's `Accept` header, or `null` without one
 * @param offered - the media types the response can take, the default first
 *
 * @example
 * ```ts
 * preferredMediaType('text/plain, *\/*;q=0.1', [
 *   'application/problem+json',
 *   'text/plain',
 * ]);
 * // 'text/plain'
 * ```
 */
export function preferredMediaType(
  accept: string | null,
  offered: readonly string[],
): string | undefined {
  if (accept === null || accept.trim() === '') return offered[0];
  const declared = new Set(offered.flatMap((type) => type.split(';').slice(1).map(nameOf)));
  const ranges = accept
    .split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';');
      // Negotiator lets any parameter of a range rule out the types that lack it, so
      // `application/json; charset=utf-8` would match no plain `application/json`. As in
      // Apigility, a parameter only counts when an offered type uses it; q always does.
      const kept = parameters.filter((p) => nameOf(p) === 'q' || declared.has(nameOf(p)));
      return [type.trim(), ...kept].join(';');
    })
    .join(',');
  // Negotiator reads a plain headers object, not a fetch Headers.
  return new Negotiator({ headers: { accept: ranges } }).mediaType([...offered]);
}

/** The name of a media type parameter, `charset` in ` charset=utf-8`. */
function nameOf(parameter: string): string {
  return (parameter.split('=')[0] ?? '').trim().toLowerCase();
}
