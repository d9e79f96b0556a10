import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';

/**
 * The time zone service: `GET /timezone` and `POST /timezone`.
 *
 * TODO:
 * - GET answers JSON naming the server's IANA time zone (hint 1 says where to read it).
 * - POST reads the body that the route's ContentNegotiation parsed, for JSON and form
 *   bodies alike (README, "Content negotiation"). A valid zone (./isTimeZone.ts tells) is
 *   answered as JSON; anything else, a missing body included, is a 422 Failed Validation
 *   API problem, thrown for the problem middleware to render (README, "API Problem").
 */
export class TimezoneHandler implements MiddlewareInterface {
  process(_request: ServerRequest, _response: ResponsePrototype): Response {
    throw new HttpError(501, 'TimezoneHandler is not written yet');
  }
}
