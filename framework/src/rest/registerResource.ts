import type { Application } from '../application/Application.ts';
import type { EntityMetadata } from '../hal/EntityMetadata.ts';
import { HalRenderer } from '../hal/HalRenderer.ts';
import { HAL_MEDIA_TYPE } from '../hal/Link.ts';
import { MetadataMap } from '../hal/MetadataMap.ts';
import { ContentNegotiation } from '../negotiation/ContentNegotiation.ts';
import { Route } from '../router/Route.ts';
import { parseRoutePath } from '../router/routePath.ts';
import type { Resource } from './Resource.ts';
import { ResourceMiddleware } from './ResourceMiddleware.ts';

/**
 * Options of {@link registerResource}; only `entity` is required.
 *
 * @category REST resources
 */
export interface ResourceOptions {
  /** The entity kind, the key of its HAL metadata, such as `User`. */
  entity: string;
  /** The route parameter of the identifier; `<last path segment>_id` by default, e.g. `user_id`. */
  identifierName?: string;
  /** A regular expression the identifier must match, or the URL is a 404 (e.g. `[1-9]\\d*`). */
  identifierPattern?: string;
  /** The entity field holding the identifier; `id` by default. */
  entityIdentifier?: string;
  /** The name of the embedded list in collections; the last path segment by default. */
  collectionName?: string;
  /** Entities per page; 25 by default. */
  pageSize?: number;
  /** Methods the collection URL allows; GET and POST by default. Others get a 405 with `Allow`. */
  collectionHttpMethods?: readonly string[];
  /** Methods entity URLs allow; GET, PATCH, PUT and DELETE by default. */
  entityHttpMethods?: readonly string[];
  /** The collection route's name; the entity route is `<name>.entity`. From the path by default: `api.user`. */
  routeName?: string;
  /**
   * The service name authorization knows the resource by: its routes serve the resources
   * `<service>::collection` and `<service>::entity`. The collection route's name by default.
   */
  service?: string;
  /**
   * Response media types; HAL, then JSON, by default. A client that takes any of them (no
   * `Accept`, `*\/*`) gets `application/hal+json` when it is listed, else the first.
   */
  accept?: readonly string[];
  /** Request body media types; JSON by default. */
  contentTypes?: readonly string[];
  /** The largest request body, in bytes; 1 MiB by default. */
  bodyLimit?: number;
  /** Fields holding related entities to embed, by field → entity kind. */
  embedded?: EntityMetadata['embedded'];
  /** Fields holding identifiers of related entities to link to, by field → entity kind. */
  linked?: EntityMetadata['linked'];
  /**
   * Fields the `links` hook turns into links, left out of the rendered state. A PUT that
   * leaves one out keeps it: a client cannot send back what it never saw.
   */
  hidden?: EntityMetadata['hidden'];
  /**
   * More links computed from each entity.
   *
   * @param entity - the entity being rendered, hidden fields included
   * @param uri - builds the self URL of another entity, to link to it
   */
  links?: EntityMetadata['links'];
  /** Where the entity kind is recorded; the application's own map by default. */
  metadata?: MetadataMap;
}

/**
 * The two routes of a resource.
 *
 * @category REST resources
 */
export interface ResourceRoutes {
  /** The collection route, e.g. `/api/user`. */
  collection: Route;
  /** The entity route, e.g. `/api/user/{user_id}`. */
  entity: Route;
}

/**
 * Registers a REST resource as Apigility's zf-rest does: a collection route at `path`
 * and an entity route at `path/{identifierName}`, both answering HAL after content
 * negotiation, and the entity kind's HAL metadata, so self links find the entity route.
 *
 * The routes take every method a resource can serve, so that the resource itself answers
 * the ones it does not: a 405 problem saying the method `has not been defined for
 * entities` (or `collections`), whose `Allow` lists the methods it serves among those the
 * options allow. Even a method no resource could serve (TRACE, PROPFIND, …) reaches the
 * resource, so its 405 is the resource's problem with the resource's `Allow`.
 *
 * @param path - the collection path, such as `/api/user`
 * @param source - who registers it, for the messages of a clash
 *
 * @example
 * ```ts
 * class UserResource extends Resource<{ id: number; name: string }> {
 *   override fetch(id: string) {
 *     return id === '1' ? { id: 1, name: 'Ada' } : undefined;
 *   }
 * }
 * const app = createApplication();
 * registerResource(app, '/api/user', new UserResource(), {
 *   entity: 'User',
 *   identifierPattern: '[1-9]\\d*',
 *   pageSize: 2,
 * });
 * ```
 *
 * @see The REST guide: [REST resources](../../../docs/rest.md#rest-resources)
 * @category REST resources
 */
export function registerResource(
  app: Application,
  path: string,
  resource: Resource,
  options: ResourceOptions,
  source = `registerResource(app, '${path}', …)`,
): ResourceRoutes {
  const segment = path.split('/').filter(Boolean).at(-1) ?? 'resource';
  const identifierName = options.identifierName ?? `${segment}_id`;
  const routeName = options.routeName ?? path.split('/').filter(Boolean).join('.');
  const metadata = options.metadata ?? MetadataMap.of(app);
  metadata.set(
    options.entity,
    {
      route: `${routeName}.entity`,
      identifier: options.entityIdentifier ?? 'id',
      routeIdentifier: identifierName,
      // A nested resource's links take its parent's placeholders from the request.
      matchedParams: parseRoutePath(path).flatMap((part) => part.param ?? []),
      ...(options.embedded ? { embedded: options.embedded } : {}),
      ...(options.linked ? { linked: options.linked } : {}),
      ...(options.links ? { links: options.links } : {}),
      ...(options.hidden ? { hidden: options.hidden } : {}),
    },
    source,
  );
  const entityMethods = options.entityHttpMethods ?? ['GET', 'PATCH', 'PUT', 'DELETE'];
  const collectionMethods = options.collectionHttpMethods ?? ['GET', 'POST'];
  const accept = options.accept ?? [HAL_MEDIA_TYPE, 'application/json'];
  const versions = versionsOf(app, path);
  const middleware = new ResourceMiddleware(resource, {
    negotiation: new ContentNegotiation({
      accept,
      // Representations are HAL (SPEC 1.5), even where a vendor type is listed first.
      preferred: accept.includes(HAL_MEDIA_TYPE) ? HAL_MEDIA_TYPE : accept[0],
      contentTypes: options.contentTypes,
      bodyLimit: options.bodyLimit,
    }),
    kind: options.entity,
    hidden: options.hidden,
    identifierName,
    collectionRoute: routeName,
    collectionName: options.collectionName ?? segment,
    pageSize: options.pageSize ?? 25,
    renderer: new HalRenderer(app, metadata),
    entityMethods,
    collectionMethods,
    versions,
  });
  versions.add(middleware);
  const service = options.service ?? routeName;
  const collection = new Route(path, middleware, routeMethods(collectionMethods), routeName);
  // With `allow` in its options, the router hands the resource every method the route does
  // not name (TRACE, PROPFIND, …), so the resource answers them with its own 405 and `Allow`.
  collection.setOptions({
    resource: `${service}::collection`,
    allow: middleware.allow('collections'),
  });
  const entity = new Route(
    `${path}/{${identifierName}}`,
    middleware,
    routeMethods(entityMethods),
    `${routeName}.entity`,
  );
  entity.setOptions({
    resource: `${service}::entity`,
    allow: middleware.allow('entities'),
    ...(options.identifierPattern
      ? { tokens: { [identifierName]: options.identifierPattern } }
      : {}),
  });
  return { collection: app.route(collection), entity: app.route(entity) };
}

/** Each application's resources by path without its `/v{N}` prefix: `/speaker` for `/v2/speaker`. */
const VERSIONS = new WeakMap<Application, Map<string, Set<ResourceMiddleware>>>();

/**
 * The middleware of every version of the resource at `path`: the resources whose paths
 * differ by their `/v{N}` prefix only serve the same state, so that the tag of one
 * version's representation satisfies `If-Match` on another's write.
 */
function versionsOf(app: Application, path: string): Set<ResourceMiddleware> {
  const byPath = VERSIONS.get(app) ?? new Map<string, Set<ResourceMiddleware>>();
  VERSIONS.set(app, byPath);
  const unversioned = path.replace(/^\/v\d+(?=\/)/i, '');
  const versions = byPath.get(unversioned) ?? new Set<ResourceMiddleware>();
  byPath.set(unversioned, versions);
  return versions;
}

/**
 * The methods a resource's route takes: those the options allow, then the other methods a
 * REST client sends (so the resource can answer that it has not defined them).
 */
function routeMethods(allowed: readonly string[]): string[] {
  return [...new Set([...allowed, 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])];
}
