import type { IncomingMessage } from 'node:http';

/** Why a request cannot be handed to the application, as a status and a problem detail. */
export interface SyntaxRefusal {
  status: number;
  detail: string;
}

/**
 * Checks what node:http lets through but HTTP/1.1 (RFC 9112) forbids or we cannot honour:
 *
 * - a transfer coding other than `chunked` (such as `gzip, chunked`): node:http removes the
 *   chunked framing but not the gzip, so the application would read compressed bytes as the
 *   body. RFC 9112 §6.1: a server answers 501 to a transfer coding it does not understand.
 * - no `Host` header in an HTTP/1.1 request, or more than one: node:http keeps the first and
 *   drops the others, so two servers on the way could each believe a different one. RFC 9112
 *   §3.2 requires a 400 for both; HTTP/1.0 requests may leave Host out.
 *
 * @returns the refusal, or `undefined` for a request the application may see
 */
export function checkRequestSyntax(request: IncomingMessage): SyntaxRefusal | undefined {
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
  return undefined;
}

// rawHeaders alternates names and values, as the client sent them.
function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.length === 4 && rawHeaders[index]?.toLowerCase() === 'host') count++;
  }
  return count;
}
