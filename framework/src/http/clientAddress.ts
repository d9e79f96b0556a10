/**
 * The connection a request came over, for what a WHATWG `Request` cannot say: the client's
 * address, and the node:http answer it will be written to. The server notes it beside the
 * request object, which the application then wraps unchanged. Requests made in-process
 * (tests, msw) have none.
 *
 * The address is the socket's, never `X-Forwarded-For`: anyone can send that header, and
 * limits keyed by it could be dodged by changing it with every request.
 */

/** What of node:http's `ServerResponse` the framework uses. */
export interface ServedAnswer {
  /** The socket, whose `remoteAddress` is the client's. */
  readonly socket: { readonly remoteAddress?: string | undefined } | null;
  /** Sets a header of the answer before it is written. */
  setHeader(name: string, value: string): unknown;
}

/**
 * Where the answer is kept: a property of the request object under a symbol of our own. A
 * WeakMap keyed by each request cost about 3 µs a request (a third of a small one): the
 * garbage collector must revisit every entry of a table that churns with every request.
 */
const ANSWER = Symbol('hyperpipe.servedAnswer');
type Served = Request & { [ANSWER]?: ServedAnswer };

/** Notes the answer `request` will be written to (the server does this for every request). */
export function setServedAnswer(request: Request, answer: ServedAnswer): void {
  (request as Served)[ANSWER] = answer;
}

/**
 * The node:http answer `request` will be written to, or undefined in-process. A header set
 * there reaches the client without touching the application's `Response`, whose headers the
 * server adapter would otherwise rebuild (adding a default Content-Type).
 */
export function servedAnswer(request: Request): ServedAnswer | undefined {
  return (request as Served)[ANSWER];
}

/**
 * The address `request` came from, or undefined for a request made in-process.
 *
 * @param request - the request the server received (`ServerRequest.request`)
 */
export function clientAddress(request: Request): string | undefined {
  return (request as Served)[ANSWER]?.socket?.remoteAddress;
}
