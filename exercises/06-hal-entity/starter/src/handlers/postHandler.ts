import type { MiddlewareFunction } from 'hyperpipe';

/** `POST /post`: plain text written to the response prototype's body. */
export const postHandler: MiddlewareFunction = (_request, response) => {
  response.headers.set('content-type', 'text/plain; charset=utf-8');
  return response.write('IN POST!').toResponse();
};
