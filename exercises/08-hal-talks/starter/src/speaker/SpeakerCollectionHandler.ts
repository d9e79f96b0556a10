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
 * `GET /speaker`: one page of speakers as a HAL collection, chosen with `?page=N`.
 *
 * TODO: each speaker of the page links to each of their talks, `"talks": [{ "href": … }]`,
 * an empty list for a speaker without talks; the talks' ids of the whole page come from
 * one query, as the given TalkCollectionHandler reads its speakers' (README, "Links
 * wherever a resource appears"; hint 8).
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

  process(request: ServerRequest, response: ResponsePrototype): Response {
    // A page that is not a positive integer is a 400 problem, thrown by requestedPage.
    const page = requestedPage(request.query);
    const { items, total } = this.catalogue.speakers.list({
      // So far past the end that the offset loses precision: it reads nothing, and the
      // page is refused just below like any other page past the last.
      offset: Math.min((page - 1) * PAGE_SIZE, Number.MAX_SAFE_INTEGER),
      limit: PAGE_SIZE,
    });
    assertPageInRange(page, total, PAGE_SIZE);
    // Absolute URLs, from the client's own origin and the prefix the app is mounted under.
    const base = `${request.url.origin}${request.basePath}`;
    // `{ ...speaker }`: HalResource takes a plain record of fields, which TypeScript does not
    // count an interface such as Speaker as.
    const collection = halCollection({
      collectionName: 'speakers',
      items: items.map(
        (speaker) => new HalResource({ ...speaker }, `${base}/speaker/${speaker.id}`),
      ),
      page,
      pageSize: PAGE_SIZE,
      total,
      url: (number) =>
        number === undefined ? `${base}/speaker` : `${base}/speaker?page=${number}`,
    });
    return json(collection, response, HAL_MEDIA_TYPE);
  }
}
