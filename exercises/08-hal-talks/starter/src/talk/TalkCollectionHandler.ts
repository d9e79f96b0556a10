import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import {
  assertPageInRange,
  HAL_MEDIA_TYPE,
  HalResource,
  halCollection,
  requestedPage,
} from 'hyperpipe/hal';
import type { Catalogue } from '../database/Catalogue.ts';

const PAGE_SIZE = 25;

/**
 * `GET /talk`: one page of talks as a HAL collection, chosen with `?page=N`. Each talk links
 * to each of its speakers, as wherever a talk appears.
 */
export class TalkCollectionHandler implements MiddlewareInterface {
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
    // A page that is not a positive integer is a 400 problem, thrown by requestedPage.
    const page = requestedPage(request.query);
    const { items, total } = this.catalogue.talks.list({
      // So far past the end that the offset loses precision: it reads nothing, and the
      // page is refused just below like any other page past the last.
      offset: Math.min((page - 1) * PAGE_SIZE, Number.MAX_SAFE_INTEGER),
      limit: PAGE_SIZE,
    });
    assertPageInRange(page, total, PAGE_SIZE);
    // Absolute URLs, from the client's own origin and the prefix the app is mounted under.
    const base = `${request.url.origin}${request.basePath}`;
    // The speakers of the whole page in one query, not one more query per talk.
    const speakerIds = this.catalogue.speakers.speakerIdsOf(items.map((talk) => talk.id));
    // `{ ...talk }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Talk as.
    const collection = halCollection({
      collectionName: 'talks',
      items: items.map((talk) =>
        new HalResource({ ...talk }, `${base}/talk/${talk.id}`).setLinks(
          'speakers',
          (speakerIds.get(talk.id) ?? []).map((id) => `${base}/speaker/${id}`),
        ),
      ),
      page,
      pageSize: PAGE_SIZE,
      total,
      url: (number) => (number === undefined ? `${base}/talk` : `${base}/talk?page=${number}`),
    });
    return json(collection, response, HAL_MEDIA_TYPE);
  }
}
