import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { PARSED_BODY } from 'hyperpipe/negotiation';
import { validate } from '../validation/validate.ts';
import { timezoneInput } from './timezoneInput.ts';

/**
 * The time zone RPC service: `GET /timezone` tells the server's time zone, and
 * `POST /timezone` checks one sent as JSON or as a form.
 */
export class TimezoneHandler implements MiddlewareInterface {
  /** Answers GET with the server's zone and POST with the checked zone. */
  process(request: ServerRequest, response: ResponsePrototype): Response {
    if (request.method === 'POST') {
      const { timezone } = validate(timezoneInput, request.getAttribute(PARSED_BODY) ?? {});
      return json({ timezone, valid: true }, response);
    }
    return json({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, response);
  }
}
