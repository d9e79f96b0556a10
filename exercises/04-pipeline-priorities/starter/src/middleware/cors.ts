import type { Container, MiddlewareFunction } from 'hyperpipe';

/**
 * Builds the CORS middleware from the `cors` configuration (config/autoload/cors.global.ts).
 *
 * TODO: read `cors.allow_origin` from the container's `config` service, and return
 * middleware that sets the `Access-Control-Allow-Origin` header to it on the response
 * prototype before it hands the request on with next().
 */
export function corsFactory(_container: Container): MiddlewareFunction {
  return (_request, _response, next) => next();
}
