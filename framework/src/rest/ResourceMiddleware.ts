import type { HalRenderer } from '../hal/HalRenderer.ts';
import type { HalResource } from '../hal/HalResource.ts';
import { assertPageInRange, halCollection, requestedPage } from '../hal/halCollection.ts';
import { HAL_MEDIA_TYPE } from '../hal/Link.ts';
import { matchSucceeds, noneMatchFails, representationTag } from '../http/entityTag.ts';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import { bytes, empty } from '../http/responses.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface } from '../middleware/Middleware.ts';
import type { ContentNegotiation } from '../negotiation/ContentNegotiation.ts';
import { PARSED_BODY } from '../negotiation/negotiationAttributes.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';
import { withHead } from '../router/Router.ts';
import {
  type Collection,
  definedMethods,
  type Entity,
  notDefined,
  type Page,
  type Resource,
} from './Resource.ts';

/**
 * What a {@link ResourceMiddleware} needs to know about its resource.
 *
 * @category REST resources
 */
export interface ResourceRouting {
  /** The entity kind in the metadata map. */
  kind: string;
  /** The route parameter holding the identifier on entity URLs. */
  identifierName: string;
  /** The route name of the collection, for pagination links. */
  collectionRoute: string;
  /** The name items are embedded under in collections. */
  collectionName: string;
  /** Items per page. */
  pageSize: number;
  /** Renders entities with their links. */
  renderer: HalRenderer;
  /** Negotiates media types and reads the body before the resource is called. */
  negotiation: ContentNegotiation;
  /** The methods the entity route allows. */
  entityMethods: readonly string[];
  /** The methods the collection route allows. */
  collectionMethods: readonly string[];
  /**
   * The fields the representation hides (see {@link ResourceOptions.hidden}): a PUT that
   * leaves one out keeps it, since no client saw it to send it back.
   */
  hidden?: readonly string[] | undefined;
  /**
   * The middleware of every version of the resource (this one included): representations
   * of the same state, so that the tag of any of them satisfies `If-Match` on a write to
   * any version. {@link registerResource} fills it for paths that differ by `/v{N}` only.
   */
  versions?: ReadonlySet<ResourceMiddleware> | undefined;
}

/**
 * The middleware behind a resource's two routes: it turns the HTTP method and the
 * presence of an identifier into a call of the resource, and the result into HAL.
 * {@link registerResource} builds it; build one yourself only for routes of your own.
 *
 * @example
 * ```ts
 * class NoteResource extends Resource {}
 * const app = createApplication();
 * const metadata = new MetadataMap({ note: { route: 'note.entity', routeIdentifier: 'note_id' } });
 * const notes = new ResourceMiddleware(new NoteResource(), {
 *   kind: 'note',
 *   identifierName: 'note_id',
 *   collectionRoute: 'note',
 *   collectionName: 'notes',
 *   pageSize: 25,
 *   renderer: new HalRenderer(app, metadata),
 *   negotiation: new ContentNegotiation({ accept: [HAL_MEDIA_TYPE] }),
 *   entityMethods: ['GET'],
 *   collectionMethods: ['GET'],
 * });
 * app.get('/note', notes, 'note');
 * app.get('/note/{note_id}', notes, 'note.entity');
 * ```
 *
 * @category REST resources
 */
export class ResourceMiddleware implements MiddlewareInterface {
  readonly #resource: Resource;
  readonly #routing: ResourceRouting;
  readonly #allow: Readonly<Record<'entities' | 'collections', readonly string[]>>;

  /**
   * Creates the middleware.
   */
  constructor(resource: Resource, routing: ResourceRouting) {
    this.#resource = resource;
    this.#routing = routing;
    this.#allow = {
      entities: allowOf(resource, 'entities', routing.entityMethods),
      collections: allowOf(resource, 'collections', routing.collectionMethods),
    };
  }

  /**
   * What entity or collection URLs serve, for `Allow`: the methods the resource defines
   * among those its routes allow, HEAD with GET, and OPTIONS.
   */
  allow(kind: 'entities' | 'collections'): readonly string[] {
    return this.#allow[kind];
  }

  /**
   * Answers OPTIONS, refuses a method the resource does not serve, negotiates, then calls
   * the resource for an entity URL or a collection URL. The method comes first: a request
   * the resource would refuse anyway is not worth reading the body of.
   *
   * @param request - the routed request, with the identifier for an entity URL
   */
  process(request: ServerRequest, response: ResponsePrototype): Response | Promise<Response> {
    const id = request.param(this.#routing.identifierName);
    if (id === undefined) this.#assertNoQueriedIdentifier(request);
    const allow = this.#allow[id === undefined ? 'collections' : 'entities'];
    if (request.method === 'OPTIONS') return empty(204, { headers: { allow: allow.join(',') } });
    if (!allow.includes(request.method)) {
      throw notDefined(request.method, id === undefined ? 'collections' : 'entities', allow);
    }
    return this.#routing.negotiation.process(request, response, (negotiated = request) => {
      const data = negotiated.getAttribute(PARSED_BODY) ?? {};
      return id === undefined
        ? this.#collection(negotiated, response, data)
        : this.#entity(id, negotiated, response, data);
    });
  }

  /**
   * Refuses an identifier in the query of a collection URL (`/user?user_id=7`). api-tools
   * reads one there as the entity's; here it would be a request for the collection that
   * meant an entity, and a DELETE or PUT of the whole list instead of one. The path names
   * an entity: the 400 says which.
   */
  #assertNoQueriedIdentifier(request: ServerRequest): void {
    const name = this.#routing.identifierName;
    const queried = request.query.get(name);
    if (queried === null) return;
    const path = `${request.url.pathname.replace(/\/$/, '')}/${encodeURIComponent(queried)}`;
    throw new ApiProblem(
      400,
      `${name} names an entity in the path, ${path}, not in the query: this URL is the collection`,
    );
  }

  async #entity(
    id: string,
    request: ServerRequest,
    response: ResponsePrototype,
    data: unknown,
  ): Promise<Response> {
    const resource = this.#resource;
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return this.#entityResponse(request, response, answer(await resource.fetch(id, request)));
      case 'PUT':
        await this.#assertMatches(id, request);
        return this.#entityResponse(
          request,
          response,
          answer(await resource.update(id, await this.#keepHidden(id, data, request), request)),
        );
      case 'PATCH':
        await this.#assertMatches(id, request);
        return this.#entityResponse(
          request,
          response,
          answer(await resource.patch(id, data, request)),
        );
      case 'DELETE':
        await this.#assertMatches(id, request);
        if (!answer(await resource.delete(id, request))) throw entityNotFound();
        return noContent(response);
      default:
        throw notDefined(request.method, 'entities');
    }
  }

  /**
   * A PUT's body with the hidden fields it leaves out taken from the entity as it is. A PUT
   * replaces what the representation shows; a field it hides (a version 2 speaker's
   * `twitter`, shown as a link) would otherwise be erased by a client that sends back what
   * it read, with the right `If-Match` and no way to know.
   */
  async #keepHidden(id: string, data: unknown, request: ServerRequest): Promise<unknown> {
    const hidden = this.#routing.hidden ?? [];
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
    const missing = hidden.filter((field) => !Object.hasOwn(data, field));
    if (missing.length === 0) return data;
    const current = answer(await this.#resource.fetch(id, request)) as
      | Readonly<Record<string, unknown>>
      | undefined;
    if (current === undefined) return data;
    const kept = missing.filter((field) => Object.hasOwn(current, field));
    return { ...data, ...Object.fromEntries(kept.map((field) => [field, current[field]])) };
  }

  async #collection(
    request: ServerRequest,
    response: ResponsePrototype,
    data: unknown,
  ): Promise<Response> {
    const resource = this.#resource;
    switch (request.method) {
      case 'GET':
      case 'HEAD': {
        const query = Object.fromEntries(request.query);
        return this.#collectionResponse(
          request,
          response,
          answer(await resource.fetchAll(query, request)),
        );
      }
      case 'POST': {
        const created = this.#render(request, answer(await resource.create(data, request)));
        response.status = 201;
        // The body is the created entity: Content-Location says so (RFC 9110 §8.7), as zf-rest does.
        const self = (created.links.self as { href: string }).href;
        response.headers.set('location', self);
        response.headers.set('content-location', self);
        return hal(created, request, response);
      }
      case 'PATCH':
        return this.#collectionResponse(
          request,
          response,
          answer(await resource.patchList(data, request)),
        );
      case 'PUT':
        return this.#collectionResponse(
          request,
          response,
          answer(await resource.replaceList(data, request)),
        );
      case 'DELETE':
        answer(await resource.deleteList(data, request));
        return noContent(response);
      default:
        throw notDefined(request.method, 'collections');
    }
  }

  #entityResponse(
    request: ServerRequest,
    response: ResponsePrototype,
    entity: Entity | undefined,
  ): Response {
    if (entity === undefined) throw entityNotFound();
    return hal(this.#render(request, entity), request, response);
  }

  /**
   * Refuses a write whose `If-Match` names no tag of the entity's current state: the
   * client saw another state, and writing would lose the change it did not see (the lost
   * update). Each media type the resource answers in is a representation with its own tag,
   * and so is each version's (`/v2/speaker/1` of `/v1/speaker/1`); the tag of any of them
   * will do, so a client may GET as JSON and write as HAL, or GET version 2 and write a
   * version 1 body. Other versions are asked only when this one's tags do not match.
   * With a resource that reads and writes synchronously, as the SQLite catalogue does,
   * nothing else runs in this process between this check and the write.
   */
  async #assertMatches(id: string, request: ServerRequest): Promise<void> {
    const field = request.headers.get('if-match');
    if (field === null) return;
    const current = answer(await this.#resource.fetch(id, request));
    if (current !== undefined) {
      if (this.#tagsOf(request, current).some((tag) => matchSucceeds(field, tag))) return;
      for (const version of this.#routing.versions ?? []) {
        if (version === this) continue;
        const tags = await version.#currentTags(id, request);
        if (tags.some((tag) => matchSucceeds(field, tag))) return;
      }
    }
    throw new ApiProblem(
      412,
      current === undefined
        ? 'There is no entity to match If-Match against.'
        : 'The entity has changed since the version If-Match names: GET it again, then retry with its ETag.',
    );
  }

  /** The tags of every representation of `entity` this resource answers in. */
  #tagsOf(request: ServerRequest, entity: Entity): string[] {
    const body = Buffer.from(JSON.stringify(this.#render(request, entity).toJSON()));
    return this.#routing.negotiation.mediaTypes.map((type) => representationTag(type, body));
  }

  /** The tags of this version's representations of entity `id` as it is now; none if it is not. */
  async #currentTags(id: string, request: ServerRequest): Promise<string[]> {
    const current = await this.#resource.fetch(id, request);
    if (current === undefined || current instanceof ApiProblem) return [];
    return this.#tagsOf(request, current);
  }

  async #collectionResponse(
    request: ServerRequest,
    response: ResponsePrototype,
    collection: Collection,
  ): Promise<Response> {
    const { pageSize, collectionName, collectionRoute, renderer, kind } = this.#routing;
    const page = requestedPage(request.query);
    const { items, total } = await loadPage(collection, page, pageSize);
    assertPageInRange(page, total, pageSize);
    const params = renderer.matchedParams(request, kind);
    const url = pageUrls(renderer.url(request, collectionRoute, params), request.query);
    const rendered = renderer.entities(request, kind, items);
    return hal(
      halCollection({ collectionName, items: rendered, page, pageSize, total, url }),
      request,
      response,
    );
  }

  #render(request: ServerRequest, entity: Entity): HalResource {
    return this.#routing.renderer.entity(request, this.#routing.kind, entity);
  }
}

function allowOf(
  resource: Resource,
  kind: 'entities' | 'collections',
  methods: readonly string[],
): readonly string[] {
  return [...withHead(definedMethods(resource, kind, methods)), 'OPTIONS'];
}

async function loadPage(collection: Collection, page: number, pageSize: number): Promise<Page> {
  const offset = (page - 1) * pageSize;
  // No collection reaches that far; past a safe integer the offset itself would be wrong.
  if (!Number.isSafeInteger(offset)) throw new ApiProblem(409, 'Invalid page provided');
  if (typeof collection === 'function') return collection(offset, pageSize);
  return { items: collection.slice(offset, offset + pageSize), total: collection.length };
}

/**
 * The URLs of a collection's pages: the collection's URL with the request's query, its
 * page replaced; without a page number, the first page's.
 */
function pageUrls(base: string, query: URLSearchParams): (page?: number) => string {
  const others = new URLSearchParams(query);
  others.delete('page');
  const kept = others.size > 0 ? `${others}&` : '';
  return (page) =>
    page === undefined ? (kept ? `${base}?${others}` : base) : `${base}?${kept}page=${page}`;
}

/**
 * The resource as an `application/hal+json` response (or the type negotiated), with its
 * `ETag`; a GET or HEAD whose `If-None-Match` names that tag gets 304 Not Modified, without
 * the body. The document is built first so that `JSON.stringify` meets plain objects only:
 * V8 serialises those on a faster path.
 *
 * The tag is that of this representation: the bytes and the media type they are sent as,
 * since the same bytes as HAL, as JSON and as a vendor type are three representations,
 * which strong tags must tell apart (RFC 9110 §8.8.3).
 *
 * The text is encoded to bytes once, here: the ETag hashes those bytes and the answer sends
 * them. Hashing the text and sending it encoded it twice, and counted its bytes for
 * `Content-Length` once more: the conference API's `GET /speaker/26` took 45.7 µs of CPU
 * without sockets that way and 42.3 µs this way, its page of 25 187.9 and 170.7 µs (issue 27).
 *
 * Not a serializer compiled from the resource's schema, as Fastify compiles one from a route's
 * response schema (fast-json-stringify): it writes that page in 9.8 µs against 13.3, but as a
 * string of pieces, which costs more to encode: 22.2 µs against 19.5 with the bytes, before
 * checking the document against the schema so that no field it does not name is lost (issue 47).
 */
function hal(resource: HalResource, request: ServerRequest, response: ResponsePrototype): Response {
  const body = Buffer.from(JSON.stringify(resource.toJSON()));
  const tag = representationTag(response.contentType ?? HAL_MEDIA_TYPE, body);
  response.setHeader('etag', tag);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (reading && noneMatchFails(request.headers.get('if-none-match'), tag)) {
    response.contentType = undefined;
    return empty(304, response);
  }
  return bytes(body, response, HAL_MEDIA_TYPE);
}

/** What a resource method returned; a returned problem is answered as a thrown one. */
function answer<T>(returned: T | ApiProblem): T {
  if (returned instanceof ApiProblem) throw returned;
  return returned;
}

function entityNotFound(): ApiProblem {
  return new ApiProblem(404, 'Entity not found.');
}

function noContent(response: ResponsePrototype): Response {
  // The negotiated content type describes a body; a 204 has none.
  response.contentType = undefined;
  return empty(204, response);
}
