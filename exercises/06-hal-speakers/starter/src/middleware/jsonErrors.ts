import { type ErrorMiddlewareFunction, HttpError, json } from 'hyperpipe';

/**
 * Error middleware, at the end of the pipeline (priority below 1): any error becomes
 * JSON, with the status of an HttpError (a 405 keeps its Allow header), or a 500 that
 * tells nothing about the server.
 */
export const jsonErrors: ErrorMiddlewareFunction = (error, _request, response, _next) => {
  const status = error instanceof HttpError ? error.status : 500;
  response.status = status;
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  }
  const message = status < 500 ? (error as Error).message : 'Internal Server Error';
  return json({ status, error: message }, response);
};
