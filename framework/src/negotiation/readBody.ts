import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * Reads a request body up to `limit` bytes. A declared `Content-Length` over the limit is
 * refused before reading anything; a body that grows past it while streaming is refused
 * as soon as it does, and the rest is never read (the 413 then closes the connection).
 * A body with a `Content-Encoding` such as `gzip` is refused unread (see
 * {@link refuseContentCoding}).
 *
 * @param request - the client's request, whose body is read once
 * @param limit - the largest body accepted, in bytes
 *
 * @throws ApiProblem 413 when the body is larger than `limit`, 415 when it has a content coding
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.post('/upload', async (request, response) => {
 *   const bytes = await readBody(request.request, 64 * 1024);
 *   return json({ size: bytes.byteLength }, response);
 * });
 * ```
 *
 * @category Negotiation
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) throw tooLarge(limit);
  if (request.body === null) return new Uint8Array(0);
  refuseContentCoding(request.headers.get('content-encoding'));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((cause: unknown) => {
      // The client went away or sent a broken stream: its mistake, not the server's.
      throw new ApiProblem(400, 'The request body could not be read', { cause });
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      // The rest of the body is never read, so this connection cannot carry another request:
      // say so, or a client that sends its next request on it meets a closed socket.
      throw tooLarge(limit, { connection: 'close' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Refuses a body compressed with a content coding (`gzip`, `br`, `deflate`, `zstd`…): only
 * `identity`, no coding at all, is read. RFC 9110 §15.5.16 answers 415 and says in
 * `Accept-Encoding` which codings the server takes.
 *
 * Refused rather than decoded: a few kilobytes of gzip can expand to gigabytes, so decoding
 * safely means bounding what comes out as well as what goes in, for requests that no client
 * of an API sends unasked (browsers and fetch never compress a request body). Read as if
 * plain, the bytes were stored as they came: a JSON body labelled `gzip` that was plain was
 * accepted, and one that was compressed failed as malformed JSON.
 */
function refuseContentCoding(header: string | null): void {
  if (header === null) return;
  const codings = header.split(',').map((coding) => coding.trim().toLowerCase());
  if (codings.every((coding) => coding === 'identity' || coding === '')) return;
  throw new ApiProblem(
    415,
    `The content coding "${header}" is not supported; send the body without a Content-Encoding`,
    { headers: { 'accept-encoding': 'identity' } },
  );
}

function tooLarge(limit: number, headers?: Record<string, string>): ApiProblem {
  return new ApiProblem(413, `The request body is larger than ${limit} bytes`, { headers });
}
