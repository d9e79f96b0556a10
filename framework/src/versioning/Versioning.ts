import Negotiator from 'negotiator';
import type { ResponsePrototype } from '../http/ResponsePrototype.ts';
import type { ServerRequest } from '../http/ServerRequest.ts';
import type { MiddlewareInterface, Next } from '../middleware/Middleware.ts';
import { essence, parseVendorType } from '../negotiation/mediaType.ts';
import { ApiProblem } from '../problem/ApiProblem.ts';
import type { Router } from '../router/Router.ts';
import { API_VERSION } from './apiVersionAttribute.ts';

/** Options of {@link Versioning}. */
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
 * A request without a URL version is routed as `/v{N}` + its path when a versioned route
 * exists there, so `/speaker` serves the default version's `/v1/speaker`. A version asked
 * for by media type that has no such route is refused: 415 from `Content-Type`, 406 from
 * `Accept`. A URL version nobody registered simply finds no route: a 404.
 */
export class Versioning implements MiddlewareInterface {
  readonly #router: Router;
  readonly #vendor: string;
  readonly #defaultVersion: number;

  /**
   * Creates the middleware; pipe it before routing.
   *
   * @param router - the router holding the versioned routes (the application's)
   * @param options - the vendor and the default version
   */
  constructor(router: Router, options: VersioningOptions) {
    this.#router = router;
    this.#vendor = options.vendor.toLowerCase();
    this.#defaultVersion = options.defaultVersion ?? 1;
  }

  /** Resolves the version, and routes unprefixed requests to their versioned path. */
  process(request: ServerRequest, response: ResponsePrototype, next: Next): Promise<Response> {
    const inUrl = URL_VERSION.exec(request.path);
    if (inUrl) return next(request.withAttribute(API_VERSION, Number(inUrl[1])), response);
    const fromBody = this.#versionOf(request.headers.get('content-type'));
    const fromAccept = this.#acceptedVersion(request.headers.get('accept'));
    const version = fromBody ?? fromAccept ?? this.#defaultVersion;
    const versioned = versionedPath(version, request.path);
    if (this.#routes(request.method, versioned)) {
      return next(request.withPath(versioned).withAttribute(API_VERSION, version), response);
    }
    const defaultPath = versionedPath(this.#defaultVersion, request.path);
    if (version !== this.#defaultVersion && this.#routes(request.method, defaultPath)) {
      if (fromBody !== undefined) throw new ApiProblem(415, 'Invalid content-type specified');
      throw new ApiProblem(406, 'Cannot honor Accept type specified');
    }
    // Not a versioned route at all (such as /timezone): leave the path alone.
    return next(request.withAttribute(API_VERSION, version), response);
  }

  #routes(method: string, path: string): boolean {
    const result = this.#router.match(method, path);
    return result.isSuccess || result.isMethodFailure;
  }

  #versionOf(mediaType: string | null): number | undefined {
    const vendor = mediaType === null ? undefined : parseVendorType(essence(mediaType));
    return vendor?.vendor.toLowerCase() === this.#vendor ? vendor.version : undefined;
  }

  #acceptedVersion(accept: string | null): number | undefined {
    if (accept === null) return undefined;
    // Negotiator orders the ranges by preference; the first vendor type of ours decides.
    for (const type of new Negotiator({ headers: { accept } }).mediaTypes()) {
      const version = this.#versionOf(type);
      if (version !== undefined) return version;
    }
    return undefined;
  }
}

/** The path under a version prefix: `/speaker` → `/v2/speaker`, and `/` → `/v2`. */
function versionedPath(version: number, path: string): string {
  return `/v${version}${path === '/' ? '' : path}`;
}
