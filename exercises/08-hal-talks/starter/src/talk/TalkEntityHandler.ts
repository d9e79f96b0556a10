import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /talk/{talk_id}`: one talk as a HAL resource with its `self` link, linking to its
 * speakers and embedding them under `speakers`.
 *
 * TODO: answer the talk of the route parameter talk_id as the README's example shows, as
 * SpeakerEntityHandler answers a speaker: its fields and absolute self link, its ETag and
 * the 304, or the 404 "Entity not found." problem. Its speakers (README, "The join") go under
 * `_embedded.speakers` as whole resources, each with its own self link to /speaker/{id}
 * and a `talks` link to each of their talks; the talk links to each of them under
 * `speakers`. A talk without speakers has empty lists (README, "Embedded resources" and
 * "Links wherever a resource appears"; hint 4).
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
