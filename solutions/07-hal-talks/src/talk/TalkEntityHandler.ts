import {
  ApiProblem,
  HAL_MEDIA_TYPE,
  HalResource,
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /talk/{talk_id}`: one talk as a HAL resource with its `self` link, and its speakers
 * embedded under `speakers`, each with its own `self` link.
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
    // The join on talks_speakers: the speakers of this talk, each linking to itself.
    // `{ ...speaker }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Speaker as.
    const speakers = this.catalogue.speakers
      .speakersOf(talk.id)
      .map((speaker) => new HalResource({ ...speaker }, `${base}/speaker/${speaker.id}`));
    const resource = new HalResource({ ...talk }, `${base}/talk/${talk.id}`);
    return json(resource.embed('speakers', speakers), response, HAL_MEDIA_TYPE);
  }
}
