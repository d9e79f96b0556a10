import type { ServerRequest } from '../http/ServerRequest.ts';
import type { RouteParams } from '../router/routePath.ts';
import type { EntityMetadata } from './EntityMetadata.ts';
import { HalResource } from './HalResource.ts';
import type { Link } from './Link.ts';
import type { MetadataMap } from './MetadataMap.ts';

/**
 * Anything that generates URIs from route names: an Application or a Router.
 *
 * @category HAL
 */
export interface UriGenerator {
  /**
   * The path of a named route.
   */
  generateUri(name: string, params?: RouteParams): string;
}

/**
 * Renders entities as HAL resources. Self links come from named routes through the
 * metadata map, as absolute URLs from the request's origin and mount prefix, so they are
 * right wherever the application is served or mounted.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const metadata = new MetadataMap({ speaker: { route: 'speaker' } });
 * const hal = new HalRenderer(app, metadata);
 * app.get(
 *   '/speaker/{id}',
 *   (request, response) => {
 *     const speaker = { id: Number(request.param('id')), name: 'Ada' };
 *     const entity = hal.entity(request, 'speaker', speaker);
 *     return json(entity, response, HAL_MEDIA_TYPE);
 *   },
 *   'speaker',
 * );
 * ```
 *
 * @see The REST guide: [HAL](../../../docs/rest.md#hal)
 * @category HAL
 */
export class HalRenderer {
  readonly #uris: UriGenerator;
  readonly #metadata: MetadataMap;

  /**
   * Creates a renderer.
   *
   * @param uris - where route URIs come from (the application)
   */
  constructor(uris: UriGenerator, metadata: MetadataMap) {
    this.#uris = uris;
    this.#metadata = metadata;
  }

  /**
   * An absolute URL of a named route for this request.
   *
   * @param request - the request, for its origin and mount prefix
   * @param route - the route's name
   * @param query - a query string to append, such as `page=2`
   */
  url(
    request: ServerRequest,
    route: string,
    params?: RouteParams,
    query?: URLSearchParams,
  ): string {
    const search = query && query.size > 0 ? `?${query}` : '';
    return `${request.origin}${request.basePath}${this.#uris.generateUri(route, params)}${search}`;
  }

  /**
   * The absolute self URL of an entity.
   *
   * @param request - the request, for its origin and mount prefix
   * @param kind - the entity kind, as the metadata map names it
   * @param data - the entity, or at least its identifier
   */
  entityUrl(request: ServerRequest, kind: string, data: object): string {
    return this.#selfUrl(request, kind, this.#metadata.get(kind), data);
  }

  #selfUrl(request: ServerRequest, kind: string, metadata: EntityMetadata, data: unknown): string {
    return this.#urlOf(request, metadata, identifierOf(kind, metadata, data));
  }

  /** The URL of the entity of `metadata`'s kind whose identifier is `value`. */
  #urlOf(request: ServerRequest, metadata: EntityMetadata, value: string | number): string {
    // Every link of every entity comes here. Not `{ [name]: value }`: V8 builds literals with
    // a computed key another, slower way, and the router reads this one for each link. With
    // it, rendering the conference API's page of 25 speakers took 35 µs instead of 24, and
    // the whole request 167.5 µs of CPU without sockets instead of 152.9 (issue 27).
    const params = matchedParams(request, metadata);
    params[metadata.routeIdentifier ?? metadata.identifier ?? 'id'] = value;
    return this.url(request, metadata.route, params);
  }

  /**
   * The parameters of a kind's route that the request matched, such as the `day` of the
   * talks of `/day/{day}/talk`: what the links of its collection are built with.
   *
   * @param request - the routed request
   * @param kind - the entity kind, as the metadata map names it
   */
  matchedParams(request: ServerRequest, kind: string): RouteParams {
    return matchedParams(request, this.#metadata.get(kind));
  }

  /**
   * An entity as a HAL resource: its fields, its self link, links to the related entities
   * its metadata names, other links of its metadata, and the related entities it embeds,
   * each with its own self link.
   *
   * @param request - the request, for its origin and mount prefix
   * @param kind - the entity kind, as the metadata map names it
   */
  entity(request: ServerRequest, kind: string, data: object): HalResource {
    return this.#render(request, kind, planOf(this.#metadata.get(kind)), data, NO_ANCESTORS);
  }

  /**
   * Entities of one kind as HAL resources, each as {@link HalRenderer.entity} renders it.
   * What the kind needs is looked up once for the whole list, such as a page of 25.
   *
   * @param request - the request, for its origin and mount prefix
   * @param kind - the entity kind, as the metadata map names it
   */
  entities(request: ServerRequest, kind: string, list: readonly object[]): HalResource[] {
    return this.#renderAll(request, kind, list, NO_ANCESTORS);
  }

  #renderAll(
    request: ServerRequest,
    kind: string,
    list: readonly object[],
    ancestors: readonly Ancestor[],
  ): HalResource[] {
    const plan = planOf(this.#metadata.get(kind));
    return list.map((data) => this.#render(request, kind, plan, data, ancestors));
  }

  /**
   * @param ancestors - the entities embedding this one, outermost first: an entity among
   *   them would embed itself, and rendering would never end
   */
  #render(
    request: ServerRequest,
    kind: string,
    plan: RenderingPlan,
    data: object,
    ancestors: readonly Ancestor[],
  ): HalResource {
    const entity = data as Readonly<Record<string, unknown>>;
    const { metadata, hidden, linked, embedded } = plan;
    const resource = new HalResource(
      stateOf(entity, hidden),
      this.#selfUrl(request, kind, metadata, entity),
    );
    for (const [field, relatedKind] of linked) {
      resource.links[field] = this.#linksTo(request, relatedKind, listOf(entity[field]));
    }
    this.#addMetadataLinks(resource, request, metadata, entity);
    for (const [field, relatedKind] of embedded) {
      const related = entity[field];
      // Identifiers are not entities: a field both linked and embedded that holds them, as a
      // summary in a collection may, gives its links only.
      if (!holdsEntities(related)) continue;
      const path = [...ancestors, { entity, kind, field }];
      const list: readonly object[] = Array.isArray(related) ? related : [related as object];
      assertNoCycle(list, path);
      const rendered = this.#renderAll(request, relatedKind, list, path);
      resource.embed(field, Array.isArray(related) ? rendered : (rendered[0] as HalResource));
    }
    return resource;
  }

  /**
   * Links to related entities, each given as an entity or as its identifier. Built here as
   * links, in one loop: building each through {@link HalRenderer.entityUrl} (an object per
   * identifier to hand it, and a list of URLs that `setLinks` turned into a list of links)
   * cost more: with the for…in of `withoutFields`, this took the conference API's page of 25
   * speakers from 142.0 to 136.5 µs of CPU without sockets (issue 27).
   */
  #linksTo(request: ServerRequest, kind: string, related: readonly unknown[]): Link[] {
    const metadata = this.#metadata.get(kind);
    const links: Link[] = [];
    for (const item of related) links.push({ href: this.#selfUrl(request, kind, metadata, item) });
    return links;
  }

  #addMetadataLinks(
    resource: HalResource,
    request: ServerRequest,
    metadata: EntityMetadata,
    entity: Readonly<Record<string, unknown>>,
  ): void {
    if (!metadata.links) return;
    const links = metadata.links(entity, (kind, other) => this.entityUrl(request, kind, other));
    for (const [relation, link] of Object.entries(links)) {
      if (Array.isArray(link)) resource.setLinks(relation, link);
      else resource.addLink(relation, link);
    }
  }
}

/** What rendering an entity kind takes from its metadata, as lists to walk. */
interface RenderingPlan {
  /** The metadata the plan was worked out from. */
  readonly metadata: EntityMetadata;
  /** The fields that are not state: embedded, linked and hidden ones. */
  readonly hidden: ReadonlySet<string>;
  /** Field → kind of the entities it links to. */
  readonly linked: readonly (readonly [string, string])[];
  /** Field → kind of the entities it embeds. */
  readonly embedded: readonly (readonly [string, string])[];
}

const PLANS = new WeakMap<EntityMetadata, RenderingPlan>();

/** An entity being rendered, and the field whose entities it is embedding. */
interface Ancestor {
  readonly entity: object;
  readonly kind: string;
  readonly field: string;
}

const NO_ANCESTORS: readonly Ancestor[] = [];

/**
 * Refuses to embed an entity that is already being rendered further out: it embeds itself,
 * and its document would be infinite. zf-hal refuses such a circular reference too; link to
 * the entity (`linked`) instead. The message names the way round, such as
 * `speaker.talks → talk.speaker → speaker`.
 */
function assertNoCycle(list: readonly object[], path: readonly Ancestor[]): void {
  for (const item of list) {
    const start = path.findIndex((ancestor) => ancestor.entity === item);
    if (start === -1) continue;
    const cycle = path.slice(start);
    const steps = cycle.map((ancestor) => `${ancestor.kind}.${ancestor.field}`);
    throw new Error(
      `A "${cycle[0]?.kind}" entity embeds itself (${steps.join(' → ')} → ${cycle[0]?.kind}): ` +
        'its HAL document would never end. Link to it (linked) instead of embedding it.',
    );
  }
}

/** The plan of an entity kind, worked out once, since every entity of every response asks. */
function planOf(metadata: EntityMetadata): RenderingPlan {
  let plan = PLANS.get(metadata);
  if (plan === undefined) {
    const linked = Object.entries(metadata.linked ?? {});
    const embedded = Object.entries(metadata.embedded ?? {});
    const hidden = [...linked, ...embedded].map(([field]) => field).concat(metadata.hidden ?? []);
    plan = { metadata, hidden: new Set(hidden), linked, embedded };
    PLANS.set(metadata, plan);
  }
  return plan;
}

/** The entity without its hidden fields; the entity itself when it has none of them. */
function stateOf(
  entity: Readonly<Record<string, unknown>>,
  hidden: ReadonlySet<string>,
): Readonly<Record<string, unknown>> {
  // HalResource copies its state anyway: a copy of our own only pays when fields must go.
  for (const field of hidden) {
    if (field in entity) return withoutFields(entity, hidden);
  }
  return entity;
}

function withoutFields(
  entity: Readonly<Record<string, unknown>>,
  hidden: ReadonlySet<string>,
): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  // for…in, not Object.keys(), which builds an array of the names first: rendering the page
  // of 25 speakers alone took 13.4 µs instead of 15.5. hasOwn leaves out what JSON would
  // leave out too: the enumerable fields of a prototype.
  for (const field in entity) {
    if (!hidden.has(field) && Object.hasOwn(entity, field)) state[field] = entity[field];
  }
  return state;
}

/** The values the request matched for the route parameters `metadata` names. */
function matchedParams(
  request: ServerRequest,
  metadata: EntityMetadata,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (metadata.matchedParams === undefined) return params;
  for (const name of metadata.matchedParams) {
    const value = request.param(name);
    // Left out, the router names the missing parameter and the route.
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/**
 * What a link to an entity is built from: its identifier field, or the value itself when the
 * entity is given by its identifier only (as a linked field holds them).
 */
function identifierOf(kind: string, metadata: EntityMetadata, item: unknown): string | number {
  const identifier = metadata.identifier ?? 'id';
  const value = isRecord(item) ? item[identifier] : item;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`A "${kind}" entity has no "${identifier}" to build its self link from`);
  }
  return value;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A related entity, or a list of them (an empty list included): what can be embedded. */
function holdsEntities(value: unknown): boolean {
  return Array.isArray(value) ? value.every(isRecord) : isRecord(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
