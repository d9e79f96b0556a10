/**
 * Adds a request header to the response's `Vary` (RFC 9110 §12.5.5), once: the answer was
 * chosen by it, so a cache must keep one answer per value of it, and not hand the HAL
 * answer to a client that asked for version 2.
 *
 * @param headers - the response's headers
 * @param name - the request header that chose the answer, such as `Accept`
 *
 * @category HTTP
 */
export function varyOn(headers: Headers, name: string): void {
  const vary = headers.get('vary');
  const listed = vary?.split(',').map((field) => field.trim().toLowerCase()) ?? [];
  if (listed.includes(name.toLowerCase()) || listed.includes('*')) return;
  headers.set('vary', vary === null ? name : `${vary}, ${name}`);
}
