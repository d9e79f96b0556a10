import type { ErrorMiddlewareFunction } from 'hyperpipe';

/**
 * Error middleware: it receives what routing and the handlers throw.
 *
 * TODO: answer the error as JSON, { "status": <status>, "error": <message> }: an HttpError
 * with its own status and headers (Allow on a 405), anything else as a 500 that does not
 * tell what went wrong: "Internal Server Error". README.md: the table and "Error middleware".
 */
export const jsonErrors: ErrorMiddlewareFunction = (error, _request, _response, _next) => {
  throw error;
};
