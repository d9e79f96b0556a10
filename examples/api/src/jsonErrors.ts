import { type ErrorMiddlewareFunction, HttpError, json } from 'hyperpipe';

/**
 * Error middleware at the end of the pipeline (priority -10): errors become JSON, with
 * the status of an HttpError (a 405 keeps its Allow header) or a 500 without details.
 */
export const jsonErrors: ErrorMiddlewareFunction = (error, _request, response, _next) => {
  const status = error instanceof HttpError ? error.status : 500;
  response.status = status;
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  }
  return json(
    { error: status < 500 ? (error as Error).message : 'Internal Server Error' },
    response,
  );
};
