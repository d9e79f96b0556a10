import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /speaker/{speaker_id}`: one speaker as a HAL resource with its `self` link and its
 * `ETag`, or `304 Not Modified` to a client that already holds that very answer.
 *
 * TODO: answer the speaker whose id the route parameter speaker_id names (a text), from
 * this.catalogue, as a HAL resource with its absolute self link (README, "HAL" and
 * "Absolute self links"); no such speaker is the 404 "Entity not found." problem (README,
 * "Problems everywhere"); hint 3 leads to it.
 *
 * TODO: then its ETag, and the 304 to a GET or HEAD whose If-None-Match names it, as your
 * holdsCurrent (./holdsCurrent.ts) decides (README, "Entity tags" and "Revalidation"; hints 8
 * and 11).
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
