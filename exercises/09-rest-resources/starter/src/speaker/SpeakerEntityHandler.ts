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
 * `GET /speaker/{speaker_id}`: one speaker as a HAL resource with its `self` link, a `talks`
 * link to each of their talks, and those talks embedded under `talks`, each with its own
 * `self` link and a `speakers` link to each of its speakers; its `ETag`, or `304 Not
 * Modified` to a client that already holds that very answer.
 */
export class SpeakerEntityHandler implements MiddlewareInterface {
  protected readonly catalogue: Catalogue;

  /**
   * Creates the handler.
   *
   * @param catalogue - where the speakers and their talks are
   */
  constructor(catalogue: Catalogue) {
    this.catalogue = catalogue;
  }

  process(request: ServerRequest, response: ResponsePrototype): Response {
    // The route's token lets only positive integers through.
    const speaker = this.catalogue.speakers.fetch(Number(request.param('speaker_id')));
    if (!speaker) throw new ApiProblem(404, 'Entity not found.');
    const base = `${request.url.origin}${request.basePath}`;
    const talks = this.catalogue.talks.talksOf(speaker.id);
    // The speakers of all these talks in one query: each embedded talk links to its own.
    const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));
    // `{ ...talk }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Talk as.
    const embedded = talks.map((talk) =>
      new HalResource({ ...talk }, `${base}/talk/${talk.id}`).setLinks(
        'speakers',
        (speakerIds.get(talk.id) ?? []).map((id) => `${base}/speaker/${id}`),
      ),
    );
    const resource = new HalResource({ ...speaker }, `${base}/speaker/${speaker.id}`)
      .setLinks(
        'talks',
        talks.map((talk) => `${base}/talk/${talk.id}`),
      )
      .embed('talks', embedded);
    // The tag of the very text json() sends, the embedded talks included: it changes when
    // one of them does, as when the speaker does.
    const tag = entityTag(JSON.stringify(resource));
    response.setHeader('etag', tag);
    // The client holds this answer already: the status and the tag say so, without the body.
    if (holdsCurrent(request.headers.get('if-none-match'), tag)) return empty(304, response);
    return json(resource, response, HAL_MEDIA_TYPE);
  }
}
