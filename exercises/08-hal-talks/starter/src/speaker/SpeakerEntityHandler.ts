import {
  empty,
  entityTag,
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { HAL_MEDIA_TYPE, HalResource } from 'hyperpipe/hal';
import { ApiProblem } from 'hyperpipe/problem';
import type { Catalogue } from '../database/Catalogue.ts';
import { holdsCurrent } from './holdsCurrent.ts';

/**
 * `GET /speaker/{speaker_id}`: one speaker as a HAL resource with its `self` link and its
 * `ETag`, or `304 Not Modified` to a client that already holds that very answer.
 *
 * TODO: the speaker's talks, the other way round from a talk's speakers: a `talks` link to
 * each, and the talks embedded under `_embedded.talks`, each a whole resource with its own
 * self link to /talk/{id} and a `speakers` link to each of its speakers; empty lists for a
 * speaker without talks. The tag is taken of the whole answer, the talks included (README,
 * "The join", "Embedded resources" and "Links wherever a resource appears"; hint 5).
 */
export class SpeakerEntityHandler implements MiddlewareInterface {
  protected readonly catalogue: Catalogue;

  /**
   * Creates the handler.
   *
   * @param catalogue - where the speakers are
   */
  constructor(catalogue: Catalogue) {
    this.catalogue = catalogue;
  }

  process(request: ServerRequest, response: ResponsePrototype): Response {
    // The route's token lets only positive integers through.
    const speaker = this.catalogue.speakers.fetch(Number(request.param('speaker_id')));
    if (!speaker) throw new ApiProblem(404, 'Entity not found.');
    const self = `${request.url.origin}${request.basePath}/speaker/${speaker.id}`;
    // `{ ...speaker }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Speaker as.
    const resource = new HalResource({ ...speaker }, self);
    // The tag of the very text json() sends: it changes exactly when a byte of the answer does.
    const tag = entityTag(JSON.stringify(resource));
    response.setHeader('etag', tag);
    // The client holds this answer already: the status and the tag say so, without the body.
    if (holdsCurrent(request.headers.get('if-none-match'), tag)) return empty(304, response);
    return json(resource, response, HAL_MEDIA_TYPE);
  }
}
