// Expectations about HAL answers, shared by the checks of the HAL steps. Links may be
// absolute or relative: each is resolved against the URL of the request that brought it.
import {
  type Exchange,
  expectResponse,
  expectThat,
  type Matcher,
  satisfies,
  send,
} from '@hyperpipe/cli/harness';

export const HAL = /^application\/hal\+json/;
export const PROBLEM = /^application\/problem\+json/;
/** Items per page, as the README states. */
export const PAGE_SIZE = 25;

/** A page of a collection, as the checks read it. */
export interface CollectionPage {
  /** The answer. */
  exchange: Exchange;
  /** The page number the answer says it is. */
  page: number;
  /** How many pages the answer says there are. */
  pageCount: number;
  /** How many items the answer says there are in all. */
  total: number;
  /** The embedded items. */
  items: Record<string, unknown>[];
}

/** How a link must carry the `page` parameter: this page, none at all, or page 1 either way. */
export type PageRule = number | 'absent' | 'first';

/** The URL an href leads to, or `undefined` when it is not a URL. */
export function resolve(exchange: Exchange, href: unknown): URL | undefined {
  if (typeof href !== 'string') return undefined;
  try {
    return new URL(href, exchange.request.url);
  } catch {
    return undefined;
  }
}

/** What to `send` to follow a link: the path and query of its URL. */
export function target(url: URL): string {
  return url.pathname + url.search;
}

/** The href of a relation of a HAL document's `_links`, if it has one. */
export function hrefOf(document: unknown, relation: string): unknown {
  const links = (document as { _links?: Record<string, { href?: unknown }> } | null)?._links;
  return links?.[relation]?.href;
}

/**
 * Whether a link's URL leads back to the server that answered, at `path`: the origin the
 * request went to, and the path under the prefix the request came through (`prefix`, from
 * the request's own path: `/conference/speaker/7` asked under `/conference`).
 */
function leadsBack(exchange: Exchange, url: URL, path: string): boolean {
  const asked = new URL(exchange.request.url);
  return url.origin === asked.origin && url.pathname === `${prefixOf(asked)}${path}`;
}

/** The prefix the checks mount an application under, when they do: see {@link MOUNTED_AT}. */
function prefixOf(asked: URL): string {
  return asked.pathname.startsWith(`${MOUNTED_AT}/`) ? MOUNTED_AT : '';
}

/** Where a check mounts the application to see that links keep the prefix the client used. */
export const MOUNTED_AT = '/mounted-by-check';

/** A matcher of a link object whose href leads to `path`, its `page` parameter as `page` says. */
export function linkTo(exchange: Exchange, path: string, page?: PageRule): Matcher {
  const wanted =
    page === undefined
      ? path
      : page === 'absent'
        ? `${path} without a page parameter`
        : page === 'first'
          ? `${path} (page 1: no page parameter, or page=1)`
          : `${path}?page=${page}`;
  return {
    asymmetricMatch: (link: unknown) => {
      const url = resolve(exchange, (link as { href?: unknown } | null)?.href);
      if (url === undefined || !leadsBack(exchange, url, path)) return false;
      const given = url.searchParams.get('page');
      if (page === undefined) return true;
      if (page === 'absent') return given === null;
      if (page === 'first') return given === null || given === '1';
      return given === String(page);
    },
    toString: () => `a link { "href": … } to ${wanted}, on the origin the request went to`,
  };
}

/** A matcher of a list of items, each with a numeric id and a self link to `<path>/<its id>`. */
export function itemsLinkingTo(exchange: Exchange, path: string): Matcher {
  return satisfies(
    (items) =>
      Array.isArray(items) &&
      items.every((item) => {
        const id = (item as { id?: unknown } | null)?.id;
        const url = resolve(exchange, hrefOf(item, 'self'));
        return (
          typeof id === 'number' && url !== undefined && leadsBack(exchange, url, `${path}/${id}`)
        );
      }),
    `a list of items, each with its "id" and "_links": { "self": { "href": … } } to ${path}/<its id>`,
  );
}

/**
 * Expects an answer to be page `page` of the collection at `path`, in the whole of
 * DESIGN's collection shape: the counts, the items embedded under `name`, each linking to
 * itself, and the links, `prev` and `next` only where they belong.
 */
export function expectCollectionPage(
  exchange: Exchange,
  collection: { path: string; name: string; page: number },
  hints: { shape: number; links: number },
): CollectionPage {
  const { path, name, page } = collection;
  const shape = { hint: hints.shape };
  expectResponse(
    exchange,
    {
      status: 200,
      headers: { 'content-type': HAL },
      json: {
        _links: { self: aLink },
        _embedded: { [name]: satisfies(Array.isArray, 'a list') },
        count: anInteger,
        total: anInteger,
        page: anInteger,
        page_count: anInteger,
        page_size: anInteger,
      },
    },
    shape,
  );
  const body = exchange.json as {
    _links: Record<string, unknown>;
    _embedded: Record<string, Record<string, unknown>[]>;
    total: number;
  };
  const items = body._embedded[name] ?? [];
  const total = body.total;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  const count = Math.min(PAGE_SIZE, total - (page - 1) * PAGE_SIZE);
  expectResponse(
    exchange,
    {
      json: {
        page,
        page_size: PAGE_SIZE,
        page_count: pageCount,
        count,
      },
    },
    shape,
  );
  expectThat(items.length === count, {
    expected: `${count} items under "_embedded.${name}", as "count" says`,
    received: `${items.length} items`,
    exchange,
    hint: hints.shape,
  });

  const wanted: Record<string, Matcher> = {
    self: linkTo(exchange, path, page),
    first: linkTo(exchange, path, 'absent'),
    last: linkTo(exchange, path, pageCount),
  };
  if (page > 1) wanted.prev = linkTo(exchange, path, page === 2 ? 'first' : page - 1);
  if (page < pageCount) wanted.next = linkTo(exchange, path, page + 1);
  expectResponse(
    exchange,
    { json: { _links: wanted, _embedded: { [name]: itemsLinkingTo(exchange, path) } } },
    { hint: hints.links },
  );
  for (const [relation, where] of [
    ['prev', 'on the first page'],
    ['next', 'on the last page'],
  ] as const) {
    if (wanted[relation] !== undefined) continue;
    expectThat(!Object.hasOwn(body._links, relation), {
      expected: `no "${relation}" link ${where}`,
      received: `"_links" has "${relation}"`,
      exchange,
      hint: hints.links,
    });
  }
  return { exchange, page, pageCount, total, items };
}

/** Follows the link of `relation` in an answer: GET what its href leads to. */
export async function follow(
  exchange: Exchange,
  relation: string,
  hint: number,
): Promise<Exchange> {
  const url = resolve(exchange, hrefOf(exchange.json, relation));
  expectThat(url !== undefined, {
    expected: `a "${relation}" link to follow: "_links": { "${relation}": { "href": … } }`,
    exchange,
    hint,
  });
  return send('GET', target(url));
}

const anInteger = satisfies((value) => Number.isInteger(value), 'an integer');

const aLink = satisfies(
  (link) => typeof (link as { href?: unknown } | null)?.href === 'string',
  'a link { "href": … }',
);
