import type { MiddlewareFunction } from 'hyperpipe';

/**
 * Runs before routing (priority 10) and puts a header on the response prototype; every
 * answer derived from the prototype, such as `json(data, response)`, carries it.
 */
export const poweredBy: MiddlewareFunction = (_request, response, next) => {
  response.headers.set('x-powered-by', 'Hyperpipe');
  return next();
};
