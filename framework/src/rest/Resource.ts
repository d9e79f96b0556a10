import type { ServerRequest } from '../http/ServerRequest.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * An entity as resources hand it over: a plain object of fields. Any object type fits,
 * interfaces included, which an index-signature type would refuse.
 */
export type Entity = object;

/** One page of a collection, and the size of the whole collection. */
export interface Page<E extends Entity = Entity> {
  /** The entities of the page. */
  items: readonly E[];
  /** The number of entities in the whole collection. */
  total: number;
}

/** Loads one page of a collection, so a large collection is never read whole. */
export type PageLoader<E extends Entity = Entity> = (
  offset: number,
  limit: number,
) => Page<E> | Promise<Page<E>>;

/** What `fetchAll` returns: every entity, or a loader of pages. */
export type Collection<E extends Entity = Entity> = readonly E[] | PageLoader<E>;

/** A value, or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/**
 * A REST resource in the style of Apigility's resource listeners. Override the methods
 * the resource supports; the others answer 405 with a problem whose detail says which
 * method has not been defined for entities or for collections.
 *
 * Entity methods get the identifier from the URL; `data` is the parsed request body.
 */
export abstract class Resource<E extends Entity = Entity> {
  /** `GET /things/{id}`: the entity, or `undefined` for a 404 `Entity not found.` */
  fetch(_id: string, _request: ServerRequest): Awaitable<E | undefined> {
    throw notDefined('GET', 'entities');
  }

  /** `GET /things`: the collection, paginated by `?page=N`. */
  fetchAll(
    _query: Readonly<Record<string, string>>,
    _request: ServerRequest,
  ): Awaitable<Collection<E>> {
    throw notDefined('GET', 'collections');
  }

  /** `POST /things`: creates an entity and returns it; the answer is 201 with its Location. */
  create(_data: unknown, _request: ServerRequest): Awaitable<E> {
    throw notDefined('POST', 'collections');
  }

  /** `PUT /things/{id}`: replaces an entity; `undefined` for a 404. */
  update(_id: string, _data: unknown, _request: ServerRequest): Awaitable<E | undefined> {
    throw notDefined('PUT', 'entities');
  }

  /** `PATCH /things/{id}`: changes some fields of an entity; `undefined` for a 404. */
  patch(_id: string, _data: unknown, _request: ServerRequest): Awaitable<E | undefined> {
    throw notDefined('PATCH', 'entities');
  }

  /** `DELETE /things/{id}`: `true` when deleted (204), `false` when there was none (404). */
  delete(_id: string, _request: ServerRequest): Awaitable<boolean> {
    throw notDefined('DELETE', 'entities');
  }

  /** `DELETE /things`: deletes the listed entities. */
  deleteList(_data: unknown, _request: ServerRequest): Awaitable<boolean> {
    throw notDefined('DELETE', 'collections');
  }

  /** `PATCH /things`: changes several entities and returns them. */
  patchList(_data: unknown, _request: ServerRequest): Awaitable<Collection<E>> {
    throw notDefined('PATCH', 'collections');
  }

  /** `PUT /things`: replaces the collection and returns it. */
  replaceList(_data: unknown, _request: ServerRequest): Awaitable<Collection<E>> {
    throw notDefined('PUT', 'collections');
  }
}

/** The 405 problem for a method a resource has not defined; `allow` lists those it has. */
export function notDefined(
  method: string,
  kind: 'entities' | 'collections',
  allow?: readonly string[],
): ApiProblem {
  return new ApiProblem(405, `The ${method} method has not been defined for ${kind}`, {
    ...(allow ? { headers: { Allow: allow.join(',') } } : {}),
  });
}

/** Which resource method serves each HTTP method, on entity URLs and on collection URLs. */
export const RESOURCE_METHODS = {
  entities: { GET: 'fetch', PUT: 'update', PATCH: 'patch', DELETE: 'delete' },
  collections: {
    GET: 'fetchAll',
    POST: 'create',
    PUT: 'replaceList',
    PATCH: 'patchList',
    DELETE: 'deleteList',
  },
} as const satisfies Record<'entities' | 'collections', Record<string, keyof Resource>>;

/**
 * The HTTP methods among `methods` that a resource really serves on entity or collection
 * URLs: those whose resource method it overrides. A 405 must list them in `Allow`.
 */
export function definedMethods(
  resource: Resource,
  kind: 'entities' | 'collections',
  methods: readonly string[],
): string[] {
  const table: Readonly<Record<string, keyof Resource>> = RESOURCE_METHODS[kind];
  return methods.filter((method) => {
    const name = table[method];
    return name !== undefined && resource[name] !== Resource.prototype[name];
  });
}
