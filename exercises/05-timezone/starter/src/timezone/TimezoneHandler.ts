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
 * - GET answers JSON { "timezone": <the server's IANA time zone> }
 *   (Intl.DateTimeFormat().resolvedOptions().timeZone).
 * - POST reads the parsed body, `request.getAttribute(PARSED_BODY)`, which the route's
 *   ContentNegotiation fills for JSON and form bodies alike. When its `timezone` is a
 *   valid time zone (isTimeZone, in ./isTimeZone.ts), answer JSON { "timezone": … };
 *   otherwise throw validationProblem({ timezone: { <rule>: '<message>' } }).
 */
export class TimezoneHandler implements MiddlewareInterface {
  process(_request: ServerRequest, _response: ResponsePrototype): Response {
    throw new HttpError(501, 'TimezoneHandler is not written yet');
  }
}
