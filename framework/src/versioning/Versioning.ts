import Negotiator from 'negotiator';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { essence, parseVendorType } from '../negotiation/mediaType.ts';
import { memoByHeader } from '../negotiation/memoByHeader.ts';
import { OTHER_CONTENT_TYPES } from '../negotiation/negotiationAttributes.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';
import type { Route } from '../router/Route.ts';
import type { Router } from '../router/Router.ts';
import { API_VERSION } from './apiVersionAttribute.ts';

/**
 * Options of {@link Versioning}.
 *
 * @category Versioning
 */
export interface VersioningOptions {
  /** The vendor of the media types, `conference` in `application/vnd.conference.v2+json`. */
  vendor: string;
  /** The version of unversioned requests; 1 by default. */
  defaultVersion?: number;
}

const URL_VERSION = /^\/v(\d+)(?=\/|\.|$)/i;

/**
 * Resolves the API version of a request, as Apigility's zf-versioning does, and stores it
 * in the {@link API_VERSION} attribute. Versioned routes are registered under `/v{N}`
 * (`/v1/speaker`, `/v2/speaker`), with each version's code in its own folder.
 *
 * Precedence, first match wins:
 * 1. a `/v{N}` prefix in the URL;
 * 2. a vendor media type in the request's `Content-Type` (it describes the body sent);
 * 3. the most preferred vendor media type in `Accept`;
 * 4. the default version.
 *
 * A request without a URL version is routed as `/v{N}` + its path when version N has routes
 * under the request's first path segment, so `/speaker/1` serves the default version's
 * `/v1/speaker/{id}`. Versioning only reads the route table for that; routing itself
 * happens once, in the routing middleware. A version asked for by media type that has no
 * routes there while the default version has is refused: 415 from `Content-Type`, 406 from
 * `Accept`. A URL version nobody registered simply finds no route: a 404.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * const options = { vendor: 'conference', defaultVersion: 1 };
 * app.pipe(new Versioning(app.router, options));
 * app.get('/v1/speaker/{id}', (request, response) =>
 *   json({ version: 1, id: request.param('id') }, response),
 * );
 * app.get('/v2/speaker/{id}', (request, response) => {
 *   const version = request.getAttribute(API_VERSION);
 *   return json({ version, id: request.param('id') }, response);
 * });
 * // GET /speaker/1 → version 1;
 * // GET /v2/speaker/1, or Accept: application/vnd.conference.v2+json → version 2
 * ```
 *
 * @see The REST guide: [versioning](../../../docs/rest.md#versioning)
 * @category Versioning
 */
export class Versioning implements MiddlewareInterface {
  readonly #router: Router;
  readonly #vendor: string;
  readonly #defaultVersion: number;
  #index: VersionIndex = { routeCount: -1, segments: new Map() };
  /** The version an `Accept` header asks for, if it names one of ours. */
  readonly #acceptedVersion = memoByHeader((accept) => this.#versionAccepted(accept));

  /**
   * Creates the middleware; pipe it before routing.
   *
   * @param router - the router holding the versioned routes (the application's)
   */
  constructor(router: Router, options: VersioningOptions) {
    this.#router = router;
    this.#vendor = options.vendor.toLowerCase();
    this.#defaultVersion = options.defaultVersion ?? 1;
  }

  /**
   * Resolves the version, and moves unprefixed requests to their versioned path.
   *
   * @param request - the request, before routing
   * @param next - the rest of the pipeline, which gets the versioned request
   */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    const inUrl = URL_VERSION.exec(request.path);
    if (inUrl) return next(request.withAttribute(API_VERSION, Number(inUrl[1])), response);
    const fromBody = this.#versionOf(request.headers.get('content-type'));
    const fromAccept = this.#acceptedVersion(request.headers.get('accept'));
    const version = fromBody ?? fromAccept ?? this.#defaultVersion;
    const segment = firstSegment(request.path);
    if (this.#serves(version, segment)) {
      const versioned = request
        .withPath(`/v${version}${request.path === '/' ? '' : request.path}`)
        .withAttribute(API_VERSION, version);
      // A body of another version's vendor type goes to that version's route: a 415 here
      // lists those types too. Only requests that may carry a body can meet a 415.
      if (request.method === 'GET' || request.method === 'HEAD') return next(versioned, response);
      const others = this.#otherVendorTypes(version, segment);
      return next(versioned.withAttribute(OTHER_CONTENT_TYPES, others), response);
    }
    if (version !== this.#defaultVersion && this.#serves(this.#defaultVersion, segment)) {
      if (fromBody !== undefined) throw new ApiProblem(415, 'Invalid content-type specified');
      throw new ApiProblem(406, 'Cannot honor Accept type specified');
    }
    // Not a versioned route at all (such as /timezone): leave the path alone.
    return next(request.withAttribute(API_VERSION, version), response);
  }

  /** Whether version `version` has routes under the first segment `segment`. */
  #serves(version: number, segment: string): boolean {
    const routes = this.#router.routes;
    // Routes are only ever added, so a changed count means the index is stale.
    if (this.#index.routeCount !== routes.length) this.#index = indexRoutes(routes);
    const segments = this.#index.segments.get(version);
    return segments !== undefined && (segments.has(segment) || segments.has(ANY_SEGMENT));
  }

  /** The vendor types of the versions other than `version` with routes under `segment`. */
  #otherVendorTypes(version: number, segment: string): readonly string[] {
    const versions = [...this.#index.segments.keys()].sort((a, b) => a - b);
    return versions
      .filter((other) => other !== version && this.#serves(other, segment))
      .map((other) => `application/vnd.${this.#vendor}.v${other}+json`);
  }

  #versionOf(mediaType: string | null): number | undefined {
    const vendor = mediaType === null ? undefined : parseVendorType(essence(mediaType));
    return vendor?.vendor.toLowerCase() === this.#vendor ? vendor.version : undefined;
  }

  #versionAccepted(accept: string | null): number | undefined {
    if (accept === null) return undefined;
    // Negotiator orders the ranges by preference; the first vendor type of ours decides.
    for (const type of new Negotiator({ headers: { accept } }).mediaTypes()) {
      const version = this.#versionOf(type);
      if (version !== undefined) return version;
    }
    return undefined;
  }
}

/** The first segments of each version's routes: `/v1/speaker/{id}` puts `speaker` under 1. */
interface VersionIndex {
  readonly routeCount: number;
  readonly segments: ReadonlyMap<number, ReadonlySet<string>>;
}

/** Stands for a first segment that is a placeholder, which any segment may fill. */
const ANY_SEGMENT = '{}';

function indexRoutes(routes: readonly Route[]): VersionIndex {
  const segments = new Map<number, Set<string>>();
  for (const route of routes) {
    const inPath = URL_VERSION.exec(route.path);
    if (!inPath) continue;
    const segment = firstSegment(route.path.slice(inPath[0].length) || '/');
    const version = Number(inPath[1]);
    const known = segments.get(version) ?? new Set<string>();
    known.add(segment.includes('{') ? ANY_SEGMENT : segment);
    segments.set(version, known);
  }
  return { routeCount: routes.length, segments };
}

/** `/speaker/1` → `speaker`, `/` → `` (compared as routes spell them, case and all). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return path.slice(1, end === -1 ? undefined : end);
}
