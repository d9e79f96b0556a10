import { json, type MiddlewareFunction } from 'hyperpipe';

/** `GET /echo/{word}`: answers with the word from the path. */
export const echoHandler: MiddlewareFunction = (request, response) =>
  json({ echo: request.param('word') }, response);
