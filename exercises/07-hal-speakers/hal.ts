// Expectations about HAL answers, shared by the checks of the HAL steps. Links may be
// absolute or relative: each is resolved against the URL of the request that brought it.
import {
  type Exchange,
  expectResponse,
  expectThat,
  type Handler,
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

/**
 * The hrefs of a HAL document, its embedded resources' included, that are no absolute URL: a
 * path alone such as `/speaker/7` (which {@link resolve} accepts), or no URL at all.
 */
export function relativeLinks(document: unknown): string[] {
  if (typeof document !== 'object' || document === null) return [];
  const { _links: links, _embedded: embedded } = document as {
    _links?: Record<string, unknown>;
    _embedded?: Record<string, unknown>;
  };
  const hrefs = Object.values(links ?? {})
    .flat()
    .map((link) => (link as { href?: unknown } | null)?.href);
  const relative = hrefs
    .filter((href) => typeof href !== 'string' || !/^https?:$/.test(absoluteProtocol(href)))
    .map(String);
  const inside = Object.values(embedded ?? {})
    .flat()
    .flatMap(relativeLinks);
  return [...relative, ...inside];
}

/** The protocol of an href read as an absolute URL, without a base; empty when it is not one. */
function absoluteProtocol(href: string): string {
  return URL.canParse(href) ? new URL(href).protocol : '';
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

/**
 * `path` as a report shows it: under the prefix the request came through, so that a link
 * which drops the prefix is not described as the very link expected.
 */
function shownPath(exchange: Exchange, path: string): string {
  return `${prefixOf(new URL(exchange.request.url))}${path}`;
}

/** Where a check mounts the application to see that links keep the prefix the client used. */
export const MOUNTED_AT = '/mounted-by-check';

/** A matcher of a link object whose href leads to `path`, its `page` parameter as `page` says. */
export function linkTo(exchange: Exchange, path: string, page?: PageRule): Matcher {
  const shown = shownPath(exchange, path);
  const wanted =
    page === undefined
      ? shown
      : page === 'absent'
        ? `${shown} without a page parameter`
        : page === 'first'
          ? `${shown} (page 1: no page parameter, or page=1)`
          : `${shown}?page=${page}`;
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
    `a list of items, each with its "id" and "_links": { "self": { "href": … } } to ${shownPath(exchange, path)}/<its id>`,
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

/**
 * Expands a URI template (RFC 6570) as a HAL client does: `{name}` becomes the value, and a
 * query expression `{?a,b}` becomes `?a=…&b=…` for the names given a value, or nothing when
 * none is (`{&a}` likewise, after a query already there). A name without a value expands to
 * nothing.
 */
export function expand(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{([?&]?)([^}]*)\}/g, (_expression, operator: string, list: string) => {
    const names = list.split(',').map((name) => name.trim());
    const given = names.filter((name) => values[name] !== undefined);
    const value = (name: string) => encodeURIComponent(String(values[name]));
    if (operator === '') return given.map(value).join(',');
    if (given.length === 0) return '';
    return `${operator}${given.map((name) => `${name}=${value(name)}`).join('&')}`;
  });
}

/** One way to fill in a template, and where the URL it makes must lead. */
export interface Expansion {
  /** The values of the template's variables. */
  values: Readonly<Record<string, string | number>>;
  /** The path it must lead to, under the prefix the request came through. */
  path: string;
  /** How the URL must carry the `page` parameter, when it matters. */
  page?: PageRule;
}

/**
 * A matcher of a templated link (`"templated": true`) that, filled in as each expansion
 * says, leads where it says: `shown` is the template as the report spells it.
 */
export function templateTo(
  exchange: Exchange,
  shown: string,
  expansions: readonly Expansion[],
): Matcher {
  return {
    asymmetricMatch: (link: unknown) => {
      const { href, templated } = (link ?? {}) as { href?: unknown; templated?: unknown };
      if (templated !== true || typeof href !== 'string') return false;
      return expansions.every(({ values, path, page }) =>
        linkTo(exchange, path, page).asymmetricMatch({ href: expand(href, values) }),
      );
    },
    toString: () =>
      `a URI template (RFC 6570) { "href": "…${shown}", "templated": true } on the origin the request went to`,
  };
}

/** What {@link followTemplate} may change about the request it sends. */
export interface FollowOptions {
  /** The method; GET by default. */
  method?: string;
  /** The application to ask, when it is not the target (one mounted under a prefix). */
  app?: Handler;
}

/**
 * Fills in the URI template of `relation` in an answer, as a HAL client does, and sends a
 * request to the URL it makes: GET unless `options` says otherwise.
 */
export async function followTemplate(
  exchange: Exchange,
  relation: string,
  values: Readonly<Record<string, string | number>>,
  hint: number,
  options: FollowOptions = {},
): Promise<Exchange> {
  const link = linkOf(exchange.json, relation);
  const href = link?.templated === true ? link.href : undefined;
  expectThat(typeof href === 'string', {
    expected: `a "${relation}" link to fill in: "_links": { "${relation}": { "href": …, "templated": true } }`,
    received: `"${relation}": ${JSON.stringify(link) ?? 'no such link'}`,
    exchange,
    hint,
  });
  const url = resolve(exchange, expand(href, values));
  expectThat(url !== undefined, {
    expected: `a "${relation}" template that makes a URL once filled in`,
    exchange,
    hint,
  });
  return send(options.method ?? 'GET', target(url), options.app ? { app: options.app } : {});
}

/** The link object of a relation of a HAL document's `_links`, if it has one. */
function linkOf(
  document: unknown,
  relation: string,
): { href?: unknown; templated?: unknown } | undefined {
  const links = (document as { _links?: Record<string, unknown> } | null)?._links;
  const link = links?.[relation];
  return typeof link === 'object' && link !== null && !Array.isArray(link) ? link : undefined;
}

/** What a HAL client says it takes. */
export const HAL_CLIENT = { accept: 'application/hal+json' };

/**
 * Asks for the API root as a HAL client does: `GET /` with `Accept: application/hal+json`,
 * of the target, or of `app` at `prefix` (an application mounted under one).
 */
export function getRoot(app?: Handler, prefix = ''): Promise<Exchange> {
  return send('GET', `${prefix}/`, { headers: HAL_CLIENT, ...(app ? { app } : {}) });
}

/**
 * Expects an answer to be the API root: a HAL document whose `self` leads back to `/`, with
 * the `links` given by relation. `hints.route` helps when `GET /` does not reach the root at
 * all, `hints.links` when its links are wrong.
 */
export function expectRoot(
  exchange: Exchange,
  links: Readonly<Record<string, Matcher>>,
  hints: { route: number; links: number },
): void {
  expectResponse(
    exchange,
    { status: 200, headers: { 'content-type': HAL } },
    { hint: hints.route },
  );
  expectResponse(
    exchange,
    { json: { _links: { self: linkTo(exchange, '/'), ...links } } },
    { hint: hints.links },
  );
}

/**
 * Follows the link of `relation` in an answer: GET what its href leads to, from the target
 * or from `app`.
 */
export async function follow(
  exchange: Exchange,
  relation: string,
  hint: number,
  app?: Handler,
): Promise<Exchange> {
  const url = resolve(exchange, hrefOf(exchange.json, relation));
  expectThat(url !== undefined, {
    expected: `a "${relation}" link to follow: "_links": { "${relation}": { "href": … } }`,
    exchange,
    hint,
  });
  return send('GET', target(url), app ? { app } : {});
}

/** The URL of a HAL document's `self` link, resolved against the answer that brought it. */
export function selfOf(exchange: Exchange, document: unknown): string | undefined {
  return resolve(exchange, hrefOf(document, 'self'))?.href;
}

/**
 * The URLs of a relation to many in a HAL document (`"talks": [{ "href": … }, …]`), resolved
 * against the answer that brought it; `undefined` unless the relation is a list of links, as
 * such a relation is even with one link or none.
 */
export function linksOf(
  exchange: Exchange,
  document: unknown,
  relation: string,
): string[] | undefined {
  const links = (document as { _links?: Record<string, unknown> } | null)?._links?.[relation];
  if (!Array.isArray(links)) return undefined;
  const urls = links.map((link) => resolve(exchange, (link as { href?: unknown } | null)?.href));
  return urls.every((url) => url !== undefined) ? urls.map((url) => url.href) : undefined;
}

const anInteger = satisfies((value) => Number.isInteger(value), 'an integer');

const aLink = satisfies(
  (link) => typeof (link as { href?: unknown } | null)?.href === 'string',
  'a link { "href": … }',
);

/** An item of a collection, with the answer that listed it (its links resolve against it). */
export interface Listed {
  exchange: Exchange;
  item: Record<string, unknown>;
}

/**
 * Every item of a collection from its first page on, along the `next` links, each page
 * checked as {@link expectCollectionPage} does; from the target, or from `app`.
 */
export async function itemsAlong(
  first: CollectionPage,
  collection: { path: string; name: string },
  hints: { shape: number; links: number },
  app?: Handler,
): Promise<Listed[]> {
  let page = first;
  const items = page.items.map((item) => ({ exchange: page.exchange, item }));
  while (page.page < page.pageCount) {
    const next = await follow(page.exchange, 'next', hints.links, app);
    page = expectCollectionPage(next, { ...collection, page: page.page + 1 }, hints);
    items.push(...page.items.map((item) => ({ exchange: page.exchange, item })));
  }
  return items;
}

/** The same URLs, whatever their order. */
export function sameUrls(one: readonly string[], other: readonly string[]): boolean {
  return one.length === other.length && one.every((url) => other.includes(url));
}

/**
 * How a report names an item: by what its self link leads to, such as `speaker 58` for
 * `…/speaker/58`, and `item 58` when it has no such link.
 */
function itemName(exchange: Exchange, item: unknown): string {
  const id = String((item as { id?: unknown } | null)?.id);
  const segments = resolve(exchange, hrefOf(item, 'self'))?.pathname.split('/') ?? [];
  const kind = segments.at(-1) === id ? segments.at(-2) : undefined;
  return `${kind || 'item'} ${id}`;
}

/** How a relation to many looks in a report: its links, or that there are none. */
function shownRelation(document: unknown, relation: string): string {
  const links = (document as { _links?: Record<string, unknown> } | null)?._links?.[relation];
  return `"${relation}": ${JSON.stringify(links) ?? 'no such link'}`;
}

/**
 * Walks a relation to many as a generic HAL client does, by the items' links alone: follows
 * each item's `relation` links (fetching each target once) and expects every target to link
 * back to the item under `back`. Returns, by target URL, the items' URLs that link to it.
 * `hints.links` helps when an item has no such links, or one leads nowhere; `hints.back` when
 * a target does not link back.
 */
export async function walkRelation(
  items: readonly Listed[],
  relation: string,
  back: string,
  hints: { links: number; back: number },
): Promise<Map<string, string[]>> {
  const linking = new Map<string, string[]>();
  const targets = new Map<string, Exchange>();
  for (const { exchange, item } of items) {
    const self = selfOf(exchange, item) as string;
    const linked = linksOf(exchange, item, relation);
    expectThat(linked !== undefined, {
      expected: `${itemName(exchange, item)} of the page with "_links": { "${relation}": [ … ] }, a link to each of its ${relation} (a list, even of one or none)`,
      received: shownRelation(item, relation),
      exchange,
      hint: hints.links,
    });
    for (const url of linked) {
      linking.set(url, [...(linking.get(url) ?? []), self]);
      const found = targets.get(url) ?? (await send('GET', target(new URL(url))));
      targets.set(url, found);
      expectResponse(
        found,
        { status: 200, headers: { 'content-type': HAL } },
        { hint: hints.links },
      );
      expectThat(selfOf(found, found.json) === url, {
        expected: `what ${url} leads to, whose self link leads back there`,
        exchange: found,
        hint: hints.links,
      });
      expectThat(linksOf(found, found.json, back)?.includes(self), {
        expected: `a link back to ${self}, which links here, under "_links.${back}"`,
        received: shownRelation(found.json, back),
        exchange: found,
        hint: hints.back,
      });
    }
  }
  return linking;
}

/**
 * Expects each item to link under `relation` to exactly the URLs `linking` names for it: the
 * other side of a relation, as {@link walkRelation} found it.
 */
export function expectLinkedAsWalked(
  items: readonly Listed[],
  relation: string,
  linking: ReadonlyMap<string, readonly string[]>,
  hint: number,
): void {
  for (const { exchange, item } of items) {
    const linked = linksOf(exchange, item, relation) ?? [];
    const expected = linking.get(selfOf(exchange, item) as string) ?? [];
    expectThat(sameUrls(linked, expected), {
      expected: `${itemName(exchange, item)} of the page linking under "${relation}" to the ${expected.length} that link to it: ${expected.join(', ') || 'none'}`,
      received: shownRelation(item, relation),
      exchange,
      hint,
    });
  }
}

/**
 * Expects an entity to link under `name` to each resource it embeds under `name`, and each of
 * these to link back to it under `back`: its links, wherever it appears.
 */
export function expectEmbeddedLinked(
  exchange: Exchange,
  name: string,
  back: string,
  hint: number,
): void {
  const entity = exchange.json as { _embedded?: Record<string, Record<string, unknown>[]> };
  const items = entity._embedded?.[name] ?? [];
  const self = selfOf(exchange, entity) as string;
  const embedded = items.map((item) => selfOf(exchange, item) as string);
  const linked = linksOf(exchange, entity, name);
  expectThat(linked !== undefined && sameUrls(linked, embedded), {
    expected: `"_links": { "${name}": [ … ] }, a link to each of the ${items.length} ${name} under "_embedded.${name}" (a list, even of one or none)`,
    received: shownRelation(entity, name),
    exchange,
    hint,
  });
  const unlinked = items.find((item) => !linksOf(exchange, item, back)?.includes(self));
  expectThat(unlinked === undefined, {
    expected: `each of the embedded ${name} with "_links": { "${back}": [ … ] }, a link to each of its ${back}, this one among them`,
    received: `${itemName(exchange, unlinked)} with ${shownRelation(unlinked, back)}`,
    exchange,
    hint,
  });
}
