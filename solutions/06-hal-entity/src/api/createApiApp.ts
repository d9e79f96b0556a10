import { type Application, createApplication, json } from 'hyperpipe';

/** A small API, written to be mounted under a prefix such as `/api`: `GET /echo/{word}`. */
export function createApiApp(): Application {
  const api = createApplication();

  api
    .get('/echo/{word}', (request, response) => json({ echo: request.param('word') }, response))
    .setOptions({ tokens: { word: '[a-z]+' } });

  return api;
}
