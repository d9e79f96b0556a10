import type { Container, MiddlewareFunction } from 'hyperpipe';

interface CorsConfig {
  cors: { allow_origin: string };
}

/**
 * Builds the CORS middleware from the `cors` configuration. It runs before routing (a
 * priority above 1) and sets the header on the response prototype, so every answer
 * derived from it carries the header: routed ones, the mounted applications', 404s and errors.
 */
export function corsFactory(container: Container): MiddlewareFunction {
  const { allow_origin: origin } = (container.get('config') as CorsConfig).cors;
  return (_request, response, next) => {
    response.headers.set('access-control-allow-origin', origin);
    return next();
  };
}
