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
 * `GET /speaker/{speaker_id}`: one speaker as a HAL resource with its `self` link, and
 * their talks embedded under `talks`, each with its own `self` link.
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
    // `{ ...talk }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Talk as.
    const talks = this.catalogue.talks
      .talksOf(speaker.id)
      .map((talk) => new HalResource({ ...talk }, `${base}/talk/${talk.id}`));
    const resource = new HalResource({ ...speaker }, `${base}/speaker/${speaker.id}`);
    return json(resource.embed('talks', talks), response, HAL_MEDIA_TYPE);
  }
}
