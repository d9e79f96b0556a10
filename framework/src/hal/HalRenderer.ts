import type { ServerRequest } from '../http/ServerRequest.ts';
import type { RouteParams } from '../router/routePath.ts';
import type { EntityMetadata } from './EntityMetadata.ts';
import { HalResource } from './HalResource.ts';
import type { MetadataMap } from './MetadataMap.ts';

/** Anything that generates URIs from route names: an Application or a Router. */
export interface UriGenerator {
  /** The path of a named route. */
  generateUri(name: string, params?: RouteParams): string;
}

/**
 * Renders entities as HAL resources. Self links come from named routes through the
 * metadata map, as absolute URLs from the request's origin and mount prefix, so they are
 * right wherever the application is served or mounted.
 */
export class HalRenderer {
  readonly #uris: UriGenerator;
  readonly #metadata: MetadataMap;

  /**
   * Creates a renderer.
   *
   * @param uris - where route URIs come from (the application)
   * @param metadata - how each kind of entity renders
   */
  constructor(uris: UriGenerator, metadata: MetadataMap) {
    this.#uris = uris;
    this.#metadata = metadata;
  }

  /** An absolute URL of a named route for this request. */
  url(
    request: ServerRequest,
    route: string,
    params?: RouteParams,
    query?: URLSearchParams,
  ): string {
    const search = query && query.size > 0 ? `?${query}` : '';
    return `${request.url.origin}${request.basePath}${this.#uris.generateUri(route, params)}${search}`;
  }

  /** The absolute self URL of an entity. */
  entityUrl(request: ServerRequest, kind: string, data: object): string {
    const entity = data as Readonly<Record<string, unknown>>;
    const metadata = this.#metadata.get(kind);
    const identifier = metadata.identifier ?? 'id';
    const value = entity[identifier];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`A "${kind}" entity has no "${identifier}" to build its self link from`);
    }
    return this.url(request, metadata.route, { [metadata.routeIdentifier ?? identifier]: value });
  }

  /**
   * An entity as a HAL resource: its fields, its self link, links to the related entities
   * its metadata names, other links of its metadata, and the related entities it embeds,
   * each with its own self link.
   */
  entity(request: ServerRequest, kind: string, data: object): HalResource {
    const entity = data as Readonly<Record<string, unknown>>;
    const metadata = this.#metadata.get(kind);
    const embedded = metadata.embedded ?? {};
    const linked = metadata.linked ?? {};
    const hidden = hiddenFields(metadata);
    const state: Record<string, unknown> = {};
    for (const field of Object.keys(entity)) {
      if (!hidden.has(field)) state[field] = entity[field];
    }
    const resource = new HalResource(state, this.entityUrl(request, kind, entity));
    for (const [field, relatedKind] of Object.entries(linked)) {
      const related = listOf(entity[field]);
      const identifier = this.#metadata.get(relatedKind).identifier ?? 'id';
      const urls = related.map((item) =>
        this.entityUrl(request, relatedKind, isRecord(item) ? item : { [identifier]: item }),
      );
      resource.setLinks(field, urls);
    }
    this.#addMetadataLinks(resource, request, metadata, entity);
    for (const [field, relatedKind] of Object.entries(embedded)) {
      const related = entity[field];
      if (related === undefined || related === null) continue;
      resource.embed(
        field,
        Array.isArray(related)
          ? related.map((item: Record<string, unknown>) => this.entity(request, relatedKind, item))
          : this.entity(request, relatedKind, related as Record<string, unknown>),
      );
    }
    return resource;
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

const HIDDEN = new WeakMap<EntityMetadata, ReadonlySet<string>>();

/**
 * The fields that are not state: embedded, linked and hidden ones. Worked out once per
 * entity kind, since every entity of every response asks.
 */
function hiddenFields(metadata: EntityMetadata): ReadonlySet<string> {
  let hidden = HIDDEN.get(metadata);
  if (hidden === undefined) {
    hidden = new Set([
      ...Object.keys(metadata.embedded ?? {}),
      ...Object.keys(metadata.linked ?? {}),
      ...(metadata.hidden ?? []),
    ]);
    HIDDEN.set(metadata, hidden);
  }
  return hidden;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
