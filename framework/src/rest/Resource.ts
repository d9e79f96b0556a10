import type { ServerRequest } from '../http/ServerRequest.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';

/**
 * An entity as resources hand it over: a plain object of fields. Any object type fits,
 * interfaces included, which an index-signature type would refuse.
 *
 * @category REST resources
 */
export type Entity = object;

/**
 * One page of a collection, and the size of the whole collection.
 *
 * @category REST resources
 */
export interface Page<E extends Entity = Entity> {
  /** The entities of the page. */
  items: readonly E[];
  /** The number of entities in the whole collection. */
  total: number;
}

/**
 * Loads one page of a collection, so a large collection is never read whole.
 *
 * @param offset - how many entities come before the page
 * @param limit - the page size
 *
 * @category REST resources
 */
export type PageLoader<E extends Entity = Entity> = (
  offset: number,
  limit: number,
) => Page<E> | Promise<Page<E>>;

/**
 * What `fetchAll` returns: every entity, or a loader of pages.
 *
 * @category REST resources
 */
export type Collection<E extends Entity = Entity> = readonly E[] | PageLoader<E>;

/**
 * A value, or a promise of it.
 *
 * @category REST resources
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * A REST resource in the style of Apigility's resource listeners. Override the methods
 * the resource supports; the others answer 405 with a problem whose detail says which
 * method has not been defined for entities or for collections.
 *
 * Entity methods get the identifier from the URL; `data` is the parsed request body. A
 * method refuses by throwing an {@link ApiProblem} or by returning one, as zf-rest's
 * listeners do: both are answered as that problem.
 *
 * @example
 * ```ts
 * interface Speaker {
 *   id: number;
 *   name: string;
 * }
 * const speakers: Speaker[] = [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }];
 *
 * class SpeakerResource extends Resource<Speaker> {
 *   override fetch(id: string) {
 *     return speakers.find((speaker) => speaker.id === Number(id));
 *   }
 *   override fetchAll() {
 *     return (offset: number, limit: number) => ({
 *       items: speakers.slice(offset, offset + limit),
 *       total: speakers.length,
 *     });
 *   }
 * }
 *
 * const app = createApplication();
 * registerResource(app, '/speaker', new SpeakerResource(), { entity: 'speaker' });
 * ```
 *
 * @see The REST guide: [REST resources](../../../docs/rest.md#rest-resources)
 * @category REST resources
 */
export abstract class Resource<E extends Entity = Entity> {
  /**
   * `GET /things/{id}`: the entity, or `undefined` for a 404 `Entity not found.`
   *
   * @param _id - the identifier in the URL
   */
  fetch(_id: string, _request: ServerRequest): Awaitable<E | ApiProblem | undefined> {
    throw notDefined('GET', 'entities');
  }

  /**
   * `GET /things`: the collection, paginated by `?page=N`.
   *
   * @param _query - the query parameters, `page` aside
   */
  fetchAll(
    _query: Readonly<Record<string, string>>,
    _request: ServerRequest,
  ): Awaitable<Collection<E> | ApiProblem> {
    throw notDefined('GET', 'collections');
  }

  /**
   * `POST /things`: creates an entity and returns it; the answer is 201 with its Location.
   *
   * @param _data - the parsed request body; validate it before use
   */
  create(_data: unknown, _request: ServerRequest): Awaitable<E | ApiProblem> {
    throw notDefined('POST', 'collections');
  }

  /**
   * `PUT /things/{id}`: replaces an entity; `undefined` for a 404.
   *
   * @param _id - the identifier in the URL
   * @param _data - the parsed request body; validate it before use
   */
  update(
    _id: string,
    _data: unknown,
    _request: ServerRequest,
  ): Awaitable<E | ApiProblem | undefined> {
    throw notDefined('PUT', 'entities');
  }

  /**
   * `PATCH /things/{id}`: changes some fields of an entity; `undefined` for a 404.
   *
   * @param _id - the identifier in the URL
   * @param _data - the parsed request body: the fields to change
   */
  patch(
    _id: string,
    _data: unknown,
    _request: ServerRequest,
  ): Awaitable<E | ApiProblem | undefined> {
    throw notDefined('PATCH', 'entities');
  }

  /**
   * `DELETE /things/{id}`: `true` when deleted (204), `false` when there was none (404).
   *
   * @param _id - the identifier in the URL
   */
  delete(_id: string, _request: ServerRequest): Awaitable<boolean | ApiProblem> {
    throw notDefined('DELETE', 'entities');
  }

  /**
   * `DELETE /things`: deletes the listed entities.
   *
   * @param _data - the parsed request body
   */
  deleteList(_data: unknown, _request: ServerRequest): Awaitable<boolean | ApiProblem> {
    throw notDefined('DELETE', 'collections');
  }

  /**
   * `PATCH /things`: changes several entities and returns them.
   *
   * @param _data - the parsed request body
   */
  patchList(_data: unknown, _request: ServerRequest): Awaitable<Collection<E> | ApiProblem> {
    throw notDefined('PATCH', 'collections');
  }

  /**
   * `PUT /things`: replaces the collection and returns it.
   *
   * @param _data - the parsed request body
   */
  replaceList(_data: unknown, _request: ServerRequest): Awaitable<Collection<E> | ApiProblem> {
    throw notDefined('PUT', 'collections');
  }
}

/**
 * The 405 problem for a method a resource has not defined; `allow` lists those it has.
 *
 * @param kind - whether an entity URL or the collection URL was asked
 * @param allow - the methods the resource serves there, for the `Allow` header
 *
 * @example
 * ```ts
 * throw notDefined('DELETE', 'collections', ['GET', 'HEAD', 'POST', 'OPTIONS']);
 * ```
 *
 * @category REST resources
 */
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
