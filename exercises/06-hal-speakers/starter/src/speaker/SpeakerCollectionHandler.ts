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
 * TODO:
 * - requestedPage(request.query) reads the page (a 400 problem when it is not a positive
 *   integer); this.catalogue.speakers.list({ offset, limit }) reads 25 speakers of it and
 *   the total; assertPageInRange(page, total, 25) refuses a page past the last (409).
 * - Each speaker becomes new HalResource({ ...speaker }, <its absolute URL>), such as
 *   `${request.url.origin}${request.basePath}/speaker/${speaker.id}`.
 * - halCollection({ collectionName: 'speakers', items, page, pageSize, total, url }) makes
 *   the collection and its links; url(n) is the URL of page n, url() that of the first page.
 * - Answer json(collection, response, HAL_MEDIA_TYPE).
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
