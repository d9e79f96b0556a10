import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { HAL_MEDIA_TYPE, HalResource } from 'hyperpipe/hal';

/**
 * `GET /` for HAL clients: the API root, the one URL a client needs to know. It links to the
 * speakers, and to any speaker through a URI template (RFC 6570) the client fills in, so a
 * client follows links instead of building URLs.
 *
 * TODO: link to the talks too, as to the speakers: `talks`, a template of the collection and
 * its page, and `talk`, a template of any talk by its `talk_id` (README, "The root grows
 * with the API"; hint 11).
 */
export class ApiRoot implements MiddlewareInterface {
  process(request: ServerRequest, response: ResponsePrototype): Response {
    // Absolute URLs, from the client's own origin and the prefix the app is mounted under.
    const base = `${request.url.origin}${request.basePath}`;
    // `templated: true` says the href is a template to expand, not a URL to follow as it is.
    const root = new HalResource({}, `${base}/`)
      .addLink('speakers', { href: `${base}/speaker{?page}`, templated: true })
      .addLink('speaker', { href: `${base}/speaker/{speaker_id}`, templated: true });
    return json(root, response, HAL_MEDIA_TYPE);
  }
}
