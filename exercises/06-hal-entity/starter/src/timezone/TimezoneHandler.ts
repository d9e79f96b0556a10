import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { PARSED_BODY } from 'hyperpipe/negotiation';
import { validationProblem } from 'hyperpipe/problem';
import { isTimeZone } from './isTimeZone.ts';

/**
 * The time zone service: `GET /timezone` tells the server's time zone, and
 * `POST /timezone` checks the `timezone` parameter of a JSON or form body.
 */
export class TimezoneHandler implements MiddlewareInterface {
  process(request: ServerRequest, response: ResponsePrototype): Response {
    if (request.method !== 'POST') {
      return json({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, response);
    }
    // ContentNegotiation, before this handler on the route, parsed JSON and form bodies alike.
    const body = request.getAttribute(PARSED_BODY);
    const timezone =
      typeof body === 'object' && body !== null && 'timezone' in body ? body.timezone : undefined;
    if (timezone === undefined) {
      throw validationProblem({ timezone: { required: 'A timezone is required' } });
    }
    if (!isTimeZone(timezone)) {
      // Thrown, not returned: the problem middleware renders it as application/problem+json.
      throw validationProblem({
        timezone: {
          timezone: 'The timezone must be a valid IANA time zone name, such as Europe/Paris',
        },
      });
    }
    return json({ timezone, valid: true }, response);
  }
}
