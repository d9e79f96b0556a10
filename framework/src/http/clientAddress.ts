/**
 * The address of the client a request came from, as the server's socket saw it. A WHATWG
 * `Request` has no such field, so the server notes it beside the request object, which the
 * application then wraps unchanged. Requests made in-process (tests, msw) have none.
 *
 * Never read from `X-Forwarded-For`: anyone can send that header, and limits keyed by it
 * could be dodged by changing it with every request.
 */
const addresses = new WeakMap<Request, string>();

/** Notes the address `request` came from (the server does this for every request). */
export function setClientAddress(request: Request, address: string | undefined): void {
  if (address !== undefined) addresses.set(request, address);
}

/**
 * The address `request` came from, or undefined for a request made in-process.
 *
 * @param request - the request the server received (`ServerRequest.request`)
 */
export function clientAddress(request: Request): string | undefined {
  return addresses.get(request);
}
