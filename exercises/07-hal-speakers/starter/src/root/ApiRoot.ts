import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';

/**
 * `GET /` for HAL clients: the API root, the one URL a client needs to know.
 *
 * TODO: answer a HAL resource with no fields, only links, all absolute URLs built from the
 * request: `self` to `/`, `speakers` to the collection and `speaker` to any speaker, each a
 * URI template the client fills in: `/speaker{?page}` and `/speaker/{speaker_id}`, with
 * `templated: true` (README, "The API root"; hint 1).
 */
export class ApiRoot implements MiddlewareInterface {
  process(_request: ServerRequest, _response: ResponsePrototype): Response {
    throw new HttpError(501, 'ApiRoot is not written yet');
  }
}
