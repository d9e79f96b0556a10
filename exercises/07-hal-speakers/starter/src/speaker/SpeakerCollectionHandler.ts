import {
  HttpError,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import type { Catalogue } from '../database/Catalogue.ts';

/**
 * `GET /speaker`: one page of speakers as a HAL collection, chosen with `?page=N`.
 *
 * TODO: answer the page `?page=N` asks for (page 1 without it) as the README's example
 * shows: 25 speakers from this.catalogue, each embedded with its own self link, the counts,
 * and the self, first, prev, next and last links, all absolute URLs built from the request.
 * A page that is no positive integer is a 400 problem, one past the last a 409 problem.
 * The README's "Paginated collections" and "Absolute links, as in step 06" name the framework's
 * functions that do each part; hints 8 and 11 lead to them.
 */
export class SpeakerCollectionHandler implements MiddlewareInterface {
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
    throw new HttpError(501, 'SpeakerCollectionHandler is not written yet');
  }
}
