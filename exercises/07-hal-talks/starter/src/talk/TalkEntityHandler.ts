import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /talk/{talk_id}`: one talk as a HAL resource with its `self` link, and its speakers
 * embedded under `speakers`.
 *
 * TODO:
 * - this.catalogue.talks.fetch(id) finds the talk of request.param('talk_id'); none is
 *   the 404 problem `Entity not found.`, as for speakers.
 * - this.catalogue.speakers.speakersOf(talk.id) gives its speakers (the join on
 *   talks_speakers): each becomes a HalResource with its own self link to /speaker/{id}.
 * - new HalResource({ ...talk }, <its absolute URL>), with .embed('speakers', thoseResources),
 *   answered with json(resource, response, HAL_MEDIA_TYPE).
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

  process(_request: ServerRequest, _response: ResponsePrototype): Response {
    throw new HttpError(501, 'TalkEntityHandler is not written yet');
  }
}
