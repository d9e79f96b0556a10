import type { Container } from 'hyperpipe';
import type { Router } from 'hyperpipe/router';
import { OpenApiHandler } from '../../src/openapi/OpenApiHandler.ts';
import { type OpenApiSources, openApiDocument } from '../../src/openapi/openApiDocument.ts';

// GET /openapi.json: the OpenAPI document, generated from this configuration and the
// routes it registers (src/openapi/openApiDocument.ts says how).
export default {
  dependencies: {
    factories: {
      OpenApiHandler: (container: Container) =>
        new OpenApiHandler(() =>
          openApiDocument({
            ...(container.get('config') as Omit<OpenApiSources, 'routes'>),
            routes: (container.get('Router') as Router).routes,
          }),
        ),
    },
  },
  routes: [
    {
      path: '/openapi.json',
      middleware: 'OpenApiHandler',
      allowed_methods: ['GET'],
      name: 'openapi',
    },
  ],
};
