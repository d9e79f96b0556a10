import type { IncomingMessage } from 'node:http';

/** Why a request cannot be handed to the application, as a status and a problem detail. */
export interface SyntaxRefusal {
  status: number;
  detail: string;
}

/**
 * A Host field value as RFC 9112 §3.2 allows it: a host name or IPv4 address (RFC 3986
 * reg-name characters) or a bracketed IPv6 address, then an optional port.
 */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|(?:[\w\-.~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+)(?::\d*)?$/;

/**
 * The last Host found valid. Nearly every request names the same host, so remembering one
 * spares the URL parser (about 0.4 µs) on all but the first.
 */
let lastValidHost = '';

/**
 * Checks what node:http lets through but HTTP/1.1 (RFC 9112) forbids or we cannot honour:
 *
 * - a major version other than 1, such as `HTTP/2.0` or `HTTP/0.9` written as text: node's
 *   parser reads their request lines as it reads HTTP/1.1 ones, but a client that names
 *   them expects another protocol back (HTTP/2's frames, HTTP/0.9's bare body). RFC 9110
 *   §15.6.6: a server answers 505 to a major version it does not support (versions the
 *   parser refuses outright are answered in `clientError.ts`).
 * - a transfer coding other than `chunked` (such as `gzip, chunked`): node:http removes the
 *   chunked framing but not the gzip, so the application would read compressed bytes as the
 *   body. RFC 9112 §6.1: a server answers 501 to a transfer coding it does not understand.
 * - no `Host` header in an HTTP/1.1 request, more than one, or one that is not a host and
 *   port: node:http keeps the first of several and does not look at the value, so two
 *   servers on the way could each believe a different one. RFC 9112 §3.2 requires a 400 for
 *   each; HTTP/1.0 requests may leave Host out.
 * - the target `*` with a method other than OPTIONS: RFC 9112 §3.2.4 keeps it for asking
 *   about the whole server, which only OPTIONS does.
 *
 * @returns the refusal, or `undefined` for a request the application may see
 */
export function checkRequestSyntax(request: IncomingMessage): SyntaxRefusal | undefined {
  if (request.httpVersionMajor !== 1) return versionNotSupported(request.httpVersion);
  const codings = request.headers['transfer-encoding'];
  if (codings !== undefined && codings.trim().toLowerCase() !== 'chunked') {
    return {
      status: 501,
      detail: `The transfer coding "${codings}" is not implemented; send the body chunked or with a Content-Length`,
    };
  }
  const hosts = hostHeaderCount(request.rawHeaders);
  if (hosts > 1) return { status: 400, detail: 'The request has more than one Host header' };
  if (hosts === 0 && request.httpVersion !== '1.0') {
    return { status: 400, detail: 'The request has no Host header' };
  }
  if (hosts === 1 && !isValidHost(request.headers.host as string)) {
    return {
      status: 400,
      detail: 'The Host header is not a host name or address with an optional port',
    };
  }
  if (request.url === '*' && request.method !== 'OPTIONS') {
    return {
      status: 400,
      detail: `The request target * is for OPTIONS only, not ${request.method}`,
    };
  }
  return undefined;
}

/**
 * The 505 refusal of a request in another major version of HTTP. RFC 9110 §15.6.6 asks
 * the answer to say which versions the server speaks.
 */
export function versionNotSupported(version: string): SyntaxRefusal {
  return {
    status: 505,
    detail: `HTTP/${version} is not supported; this server speaks HTTP/1.1 (and HTTP/1.0)`,
  };
}

/**
 * Whether a Host is a host and port both by RFC 9112 and for the URL parser the application
 * reads request URLs with. Some names pass the first and not the second, such as `999.1.1.1`
 * (an IPv4 address out of range) or `x.1` (a last label that is a number, so it must be an
 * IPv4 address); the adapter lets them through, and the application would fail on them
 * with a 500.
 */
function isValidHost(host: string): boolean {
  if (host === lastValidHost) return true;
  if (!HOST_SYNTAX.test(host) || !URL.canParse(`http://${host}`)) return false;
  lastValidHost = host;
  return true;
}

// rawHeaders alternates names and values, as the client sent them.
function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.length === 4 && rawHeaders[index]?.toLowerCase() === 'host') count++;
  }
  return count;
}
