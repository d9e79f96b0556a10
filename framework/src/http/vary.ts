import type { ResponsePrototype } from './ResponsePrototype.ts';

/**
 * Adds a request header to the response's `Vary` (RFC 9110 §12.5.5), once: the answer was
 * chosen by it, so a cache must keep one answer per value of it, and not hand the HAL
 * answer to a client that asked for version 2.
 *
 * On a response prototype it goes through `getHeader`/`setHeader` rather than `headers`, so
 * that a negotiated request builds no `Headers` object (see
 * {@link ResponsePrototype.setHeader}).
 *
 * @param target - the response prototype the answer will be built from, or headers
 * @param name - the request header that chose the answer, such as `Accept`
 *
 * @category HTTP
 */
export function varyOn(target: ResponsePrototype | Headers, name: string): void {
  const vary = target instanceof Headers ? target.get('vary') : target.getHeader('vary');
  const listed = vary?.split(',').map((field) => field.trim().toLowerCase()) ?? [];
  if (listed.includes(name.toLowerCase()) || listed.includes('*')) return;
  const value = vary === null ? name : `${vary}, ${name}`;
  if (target instanceof Headers) target.set('vary', value);
  else target.setHeader('vary', value);
}
