import { type Application, createApplication, json, text } from 'hyperpipe';

/**
 * The code-driven example: three routes registered by code (SPEC 4.2).
 * Adding the first route also pipes the routing and dispatch middleware.
 */
export function createHelloApp(): Application {
  const app = createApplication();

  app.get('/', (_request, response) => text('Hello from Hyperpipe!', response));

  app.get('/ping', () => json({ ack: Math.floor(Date.now() / 1000) }));

  // Writing to the response prototype's body, the way Stratigility middleware writes to a PSR-7 body.
  app.post('/post', (_request, response) => {
    response.headers.set('content-type', 'text/plain; charset=utf-8');
    return response.write('IN POST!').toResponse();
  });

  return app;
}
