import { ApiProblem } from '../problem/ApiProblem.ts';
import { HalResource } from './HalResource.ts';

/**
 * One page of a collection, and where it sits among all pages.
 *
 * @category HAL
 */
export interface CollectionPage {
  /** The name the items are embedded under, e.g. `users`. */
  collectionName: string;
  /** The items of this page, already HAL resources. */
  items: readonly HalResource[];
  /** The page number, from 1; 0 for an empty collection. */
  page: number;
  /** Items per page. */
  pageSize: number;
  /** Items in all pages. */
  total: number;
  /**
   * The absolute URL of a page of this collection; without a page number, the first page's.
   */
  url: (page?: number) => string;
}

/**
 * A paginated HAL collection: `_links` (self, first, prev, next, last), the items under
 * `_embedded.<collectionName>`, and `count`, `total`, `page`, `page_count`, `page_size`.
 * `first` carries no page parameter; `prev` appears after the first page and `next` before
 * the last; an empty collection has page 0 and only `self`.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const names = ['Ada', 'Grace', 'Barbara'];
 * app.get('/speaker', (request, response) => {
 *   const page = requestedPage(request.query);
 *   assertPageInRange(page, names.length, 2);
 *   const items = names
 *     .slice((page - 1) * 2, page * 2)
 *     .map((name) => new HalResource({ name }));
 *   // right where it is mounted too:
 *   const base = `${request.url.origin}${request.basePath}/speaker`;
 *   const url = (n?: number) => (n === undefined ? base : `${base}?page=${n}`);
 *   const collection = halCollection({
 *     collectionName: 'speakers',
 *     items,
 *     page,
 *     pageSize: 2,
 *     total: names.length,
 *     url,
 *   });
 *   return json(collection, response, HAL_MEDIA_TYPE);
 * });
 * ```
 *
 * @see The REST guide: [HAL](../../../docs/rest.md#hal)
 * @category HAL
 */
export function halCollection(page: CollectionPage): HalResource {
  const pageCount = Math.ceil(page.total / page.pageSize);
  const current = pageCount === 0 ? 0 : page.page;
  const resource = new HalResource({
    count: page.items.length,
    total: page.total,
    page: current,
    page_count: pageCount,
    page_size: page.pageSize,
  });
  resource.embed(page.collectionName, [...page.items]);
  if (pageCount === 0) return resource.addLink('self', page.url());
  resource.addLink('self', page.url(current)).addLink('first', page.url());
  if (current > 1) resource.addLink('prev', page.url(current - 1));
  if (current < pageCount) resource.addLink('next', page.url(current + 1));
  return resource.addLink('last', page.url(pageCount));
}

/**
 * The page a client asked for with `?page=N`: 1 when absent.
 *
 * @throws ApiProblem 400 when it is not a positive integer
 *
 * @example
 * ```ts
 * requestedPage(new URLSearchParams('page=2')); // 2
 * requestedPage(new URLSearchParams('')); // 1
 * ```
 *
 * @category HAL
 */
export function requestedPage(query: URLSearchParams): number {
  const raw = query.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d*$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new ApiProblem(400, 'The page must be a positive integer');
  }
  return Number(raw);
}

/**
 * Checks a page against the collection's size: any page past the last is a 409, except
 * page 1 of an empty collection, which is simply empty.
 *
 * @param page - the page asked for, from 1
 * @param total - items in all pages
 *
 * @throws ApiProblem 409 `Invalid page provided`
 *
 * @example
 * ```ts
 * assertPageInRange(4, 76, 25); // fine: page 4 holds the last item
 * assertPageInRange(5, 76, 25); // throws a 409 problem
 * ```
 *
 * @category HAL
 */
export function assertPageInRange(page: number, total: number, pageSize: number): void {
  const pageCount = Math.ceil(total / pageSize);
  if (page > Math.max(pageCount, 1)) throw new ApiProblem(409, 'Invalid page provided');
}
