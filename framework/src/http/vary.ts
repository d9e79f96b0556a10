import type { ResponsePrototype } from './ResponsePrototype.ts';

/**
 * Adds a request header to the response's `Vary` (RFC 9110 §12.5.5), once: the answer was
 * chosen by it, so a cache must keep one answer per value of it, and not hand the HAL
 * answer to a client that asked for version 2.
 *
 * It goes through `getHeader`/`setHeader` rather than `headers`, so that a negotiated request
 * builds no `Headers` object (see {@link ResponsePrototype.setHeader}).
 *
 * @param response - the response prototype the answer will be built from
 * @param name - the request header that chose the answer, such as `Accept`
 *
 * @category HTTP
 */
export function varyOn(response: ResponsePrototype, name: string): void {
  const vary = response.getHeader('vary');
  const listed = vary?.split(',').map((field) => field.trim().toLowerCase()) ?? [];
  if (listed.includes(name.toLowerCase()) || listed.includes('*')) return;
  response.setHeader('vary', vary === null ? name : `${vary}, ${name}`);
}
