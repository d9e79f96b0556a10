import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * Reads a request body up to `limit` bytes. A declared `Content-Length` over the limit is
 * refused before reading anything; a body that grows past it while streaming is refused
 * as soon as it does, and the rest is never read (the 413 then closes the connection).
 *
 * @param request - the client's request, whose body is read once
 * @param limit - the largest body accepted, in bytes
 *
 * @throws ApiProblem 413 when the body is larger than `limit`
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

function tooLarge(limit: number, headers?: Record<string, string>): ApiProblem {
  return new ApiProblem(413, `The request body is larger than ${limit} bytes`, { headers });
}
