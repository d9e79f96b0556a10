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
import { holdsCurrent } from '../speaker/holdsCurrent.ts';

/**
 * `GET /talk/{talk_id}`: one talk as a HAL resource with its `self` link, a `speakers` link
 * to each of its speakers, and those speakers embedded under `speakers`, each with its own
 * `self` link and a `talks` link to each of their talks; its `ETag`, or `304 Not Modified`
 * to a client that already holds that very answer.
 *
 * Given: what step 06's SpeakerEntityHandler does for a speaker (the 404 problem, the self
 * link, the ETag and the 304), written once more for a talk. Your part is the join.
 */
export class TalkEntityHandler implements MiddlewareInterface {
  protected readonly catalogue: Catalogue;

  /**
   * Creates the handler.
   *
   * @param catalogue - where the talks and their speakers are
   */
  constructor(catalogue: Catalogue) {
    this.catalogue = catalogue;
  }

  process(request: ServerRequest, response: ResponsePrototype): Response {
    // The route's token lets only positive integers through.
    const talk = this.catalogue.talks.fetch(Number(request.param('talk_id')));
    if (!talk) throw new ApiProblem(404, 'Entity not found.');
    // Absolute URLs, from the client's own origin and the prefix the app is mounted under.
    const base = `${request.url.origin}${request.basePath}`;
    // `{ ...talk }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Talk as.
    const resource = new HalResource({ ...talk }, `${base}/talk/${talk.id}`);

    // TODO: the talk's speakers (README, "The join"): a `speakers` link to each, and the
    // speakers embedded under `_embedded.speakers` as whole resources, each with its own
    // self link to /speaker/{id} and a `talks` link to each of their talks. A talk without
    // speakers has empty lists (README, "Embedded resources" and "Links wherever a resource
    // appears"; hint 2).

    // The tag of the very text json() sends, taken once the resource is complete: it
    // changes when a byte of the answer does, an embedded speaker's included.
    const tag = entityTag(JSON.stringify(resource));
    response.setHeader('etag', tag);
    // The client holds this answer already: the status and the tag say so, without the body.
    if (holdsCurrent(request.headers.get('if-none-match'), tag)) return empty(304, response);
    return json(resource, response, HAL_MEDIA_TYPE);
  }
}
