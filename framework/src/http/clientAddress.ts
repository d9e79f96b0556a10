import { BlockList, isIP } from 'node:net';

/**
 * The connection a request came over, for what a WHATWG `Request` cannot say: the client's
 * address, and the node:http answer it will be written to. The server notes it beside the
 * request object, which the application then wraps unchanged. Requests made in-process
 * (tests, msw) have none.
 *
 * The address is the socket's. `Forwarded` and `X-Forwarded-For` count only through
 * {@link ClientAddresses}, and only from the proxies it is told to trust: anyone can send
 * those headers, and limits keyed by them could be dodged by changing them every request.
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

/**
 * The header a trusted proxy writes the client's address into: `X-Forwarded-For` (nginx,
 * HAProxy, Caddy and most load balancers) or RFC 7239's `Forwarded`.
 *
 * @category HTTP
 */
export type ForwardedHeader = 'X-Forwarded-For' | 'Forwarded';

/**
 * The address a client sent a request from, seen through the reverse proxies the server is
 * told to trust. Without any (the default) it is the socket's address, whatever the headers
 * say. When the socket's peer is a trusted proxy, the forwarded addresses are read from the
 * right, the order proxies append them: the first one that is not a trusted proxy is the
 * client. Read from the left, a client could name any address it likes.
 *
 * Only one header is read, the one the proxy writes: a proxy that writes `X-Forwarded-For`
 * passes a `Forwarded` header from the client on untouched, so reading both would let the
 * client choose its address again.
 *
 * @example
 * ```ts
 * // Behind nginx on the same machine: nginx's X-Forwarded-For names the client.
 * const addresses = new ClientAddresses(['127.0.0.1', '::1']);
 * const app = createApplication();
 * // { "address": "203.0.113.7" } for `X-Forwarded-For: 203.0.113.7` sent by nginx
 * app.get('/whoami', (request, response) =>
 *   json({ address: addresses.of(request.request) }, response),
 * );
 * ```
 *
 * @category HTTP
 */
export class ClientAddresses {
  readonly #proxies = new BlockList();
  readonly #trustsAny: boolean;
  readonly #header: string;

  /**
   * Creates the resolver; the container does, from `authentication.trustedProxies`.
   *
   * @param trustedProxies - addresses or CIDR ranges (`10.0.0.0/8`) of the proxies in front
   *   of the server; none by default
   * @param header - the header those proxies write
   */
  constructor(trustedProxies: readonly string[] = [], header: ForwardedHeader = 'X-Forwarded-For') {
    for (const proxy of trustedProxies) trust(this.#proxies, proxy);
    this.#trustsAny = trustedProxies.length > 0;
    if (header !== 'X-Forwarded-For' && header !== 'Forwarded')
      throw new Error(`The forwarded header must be X-Forwarded-For or Forwarded, not ${header}`);
    this.#header = header.toLowerCase();
  }

  /**
   * The client's address, or undefined for a request made in-process.
   *
   * @param request - the request the server received (`ServerRequest.request`)
   */
  of(request: Request): string | undefined {
    const peer = clientAddress(request);
    if (peer === undefined || !this.#trustsAny) return peer;
    let client = unmapped(peer);
    if (!this.#trusts(client)) return client;
    const hops = forwardedAddresses(request.headers.get(this.#header), this.#header);
    for (let index = hops.length - 1; index >= 0; index--) {
      const hop = hops[index] as string;
      // `unknown` or an obfuscated name: the proxy that wrote it is as far as we can see.
      if (isIP(hop) === 0) return client;
      client = hop;
      if (!this.#trusts(hop)) return hop;
    }
    return client;
  }

  #trusts(address: string): boolean {
    return this.#proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
}

function trust(proxies: BlockList, proxy: string): void {
  const [address = '', bits] = proxy.split('/');
  const family = isIP(address);
  const prefix = bits === undefined ? undefined : Number(bits);
  const most = family === 6 ? 128 : 32;
  if (
    family === 0 ||
    (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= most))
  )
    throw new Error(
      `A trusted proxy must be an IP address or a CIDR range such as 10.0.0.0/8, not "${proxy}"`,
    );
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (prefix === undefined) proxies.addAddress(address, type);
  else proxies.addSubnet(address, prefix, type);
}

/**
 * The addresses a forwarding header lists, left to right, without ports or brackets; an
 * entry that is no address (RFC 7239's `unknown`, `_hidden`) is kept as is.
 */
function forwardedAddresses(value: string | null, header: string): string[] {
  if (value === null) return [];
  const entries =
    header === 'forwarded'
      ? [...value.matchAll(/(?:^|[;,\s])for=("[^"]*"|[^;,\s]*)/gi)].map((match) => match[1] ?? '')
      : value.split(',');
  return entries.map((entry) => unmapped(withoutPort(entry.trim().replace(/^"|"$/g, ''))));
}

/** `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.7:80` → `192.0.2.7`; a bare IPv6 stays whole. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1] as string;
  return /^[\d.]+:\d+$/.test(entry) ? entry.slice(0, entry.lastIndexOf(':')) : entry;
}

/** An IPv4 client of a server listening on `::` shows as `::ffff:192.0.2.7`: it is `192.0.2.7`. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
