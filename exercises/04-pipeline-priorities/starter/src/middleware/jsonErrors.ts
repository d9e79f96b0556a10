import type { ErrorMiddlewareFunction } from 'hyperpipe';

/**
 * Error middleware: it receives what routing and the handlers throw.
 *
 * TODO: answer the error as JSON, { "status": <status>, "error": <message> }, with the
 * status of an HttpError (keep its headers, such as Allow on a 405) or 500 for anything
 * else, whose message must not leak: say "Internal Server Error".
 */
export const jsonErrors: ErrorMiddlewareFunction = (error, _request, _response, _next) => {
  throw error;
};
