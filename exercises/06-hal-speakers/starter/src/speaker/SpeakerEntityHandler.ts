import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /speaker/{speaker_id}`: one speaker as a HAL resource with its `self` link.
 *
 * TODO:
 * - this.catalogue.speakers.fetch(id) finds the speaker of the route parameter
 *   request.param('speaker_id') (a text: make it a number).
 * - None: throw new ApiProblem(404, 'Entity not found.').
 * - Found: answer json(new HalResource({ ...speaker }, <its URL>), response, HAL_MEDIA_TYPE).
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

  process(_request: ServerRequest, _response: ResponsePrototype): Response {
    throw new HttpError(501, 'SpeakerEntityHandler is not written yet');
  }
}
