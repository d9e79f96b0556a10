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
    const base = `${request.url.origin}${request.basePath}`;
    // The join on talks_speakers: the speakers of this talk.
    const speakers = this.catalogue.speakers.speakersOf(talk.id);
    // The talks of all these speakers in one query: each embedded speaker links to their own.
    const talkIds = this.catalogue.talks.talkIdsOf(speakers.map((speaker) => speaker.id));
    // `{ ...speaker }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Speaker as.
    const embedded = speakers.map((speaker) =>
      new HalResource({ ...speaker }, `${base}/speaker/${speaker.id}`).setLinks(
        'talks',
        (talkIds.get(speaker.id) ?? []).map((id) => `${base}/talk/${id}`),
      ),
    );
    const resource = new HalResource({ ...talk }, `${base}/talk/${talk.id}`)
      .setLinks(
        'speakers',
        speakers.map((speaker) => `${base}/speaker/${speaker.id}`),
      )
      .embed('speakers', embedded);
    // The tag of the very text json() sends, the embedded speakers included: it changes when
    // one of them does, as when the talk does.
    const tag = entityTag(JSON.stringify(resource));
    response.setHeader('etag', tag);
    // The client holds this answer already: the status and the tag say so, without the body.
    if (holdsCurrent(request.headers.get('if-none-match'), tag)) return empty(304, response);
    return json(resource, response, HAL_MEDIA_TYPE);
  }
}
