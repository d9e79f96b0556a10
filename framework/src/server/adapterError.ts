import { RequestError } from '@hono/node-server';
import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * What the node adapter answers when it cannot hand a request to the application, or when
 * the application fails outside its own pipeline: an API Problem, where the adapter alone
 * would send an empty 400 or 500 with no content type.
 *
 * The adapter throws a `RequestError` when the target and `Host` do not make a URL, such as
 * a path with a backslash (`/\..\x`, which some servers read as `/../x`) or a port past
 * 65535: that is the client's mistake, a 400. Anything else is the server's, a 500 that is
 * logged and says nothing about the server.
 */
export function answerAdapterError(error: unknown): Response {
  if (error instanceof RequestError) {
    return new ApiProblem(
      400,
      `The request target and Host header do not make a valid URL (${error.message})`,
    ).toResponse();
  }
  const summary = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`[hyperpipe] the application failed outside its pipeline: ${summary}`);
  return new ApiProblem(500, 'The server could not complete the request').toResponse();
}
