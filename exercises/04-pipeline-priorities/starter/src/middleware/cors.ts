import type { Container, MiddlewareFunction } from 'hyperpipe';

/**
 * Builds the CORS middleware from the `cors` configuration (config/autoload/cors.global.ts).
 *
 * TODO: middleware that gives every answer the header `Access-Control-Allow-Origin`, set to
 * the `cors.allow_origin` of the configuration (a `*.local.*` file may change it).
 * README.md: "The pipeline" and "Local configuration".
 */
export function corsFactory(_container: Container): MiddlewareFunction {
  return (_request, _response, next) => next();
}
