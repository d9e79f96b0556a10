import type { Attribute } from './Attribute.ts';

const NO_ATTRIBUTES: ReadonlyMap<string, unknown> = new Map();

/**
 * The request as middleware sees it: the client's WHATWG `Request`, the path the current
 * layer of the pipeline matches against, and per-request attributes.
 *
 * It is immutable, like a PSR-7 request: every `with*` method returns a copy. An inner
 * layer can therefore add attributes or see a shorter path without changing what an outer
 * layer holds. The WHATWG `Request` itself is never copied, because building one costs
 * about 10 µs; only this small wrapper is.
 */
export class ServerRequest {
  /** The client's request: method, URL, headers and the body (read it once). */
  readonly request: Request;
  /**
   * The path this layer of the pipeline sees. Middleware piped under a path prefix sees
   * the path with that prefix removed (see {@link ServerRequest.basePath}).
   */
  readonly path: string;
  /** The path prefixes removed so far by the pipeline, joined: `''` at the top level. */
  readonly basePath: string;
  readonly #attributes: ReadonlyMap<string, unknown>;
  #url: URL | undefined;

  /**
   * Creates the ServerRequest.
   *
   * @param request - the client's request
   * @param path - the path this layer sees; by default the request URL's path
   * @param basePath - the prefixes already removed from the path
   * @param attributes - the attributes to start with
   */
  constructor(
    request: Request,
    path: string = pathOf(request.url),
    basePath = '',
    attributes: ReadonlyMap<string, unknown> = NO_ATTRIBUTES,
  ) {
    this.request = request;
    this.path = path;
    this.basePath = basePath;
    this.#attributes = attributes;
  }

  /**
   * The HTTP method. Methods are case-sensitive (RFC 9110): the WHATWG `Request` upper-cases
   * only DELETE, GET, HEAD, OPTIONS, POST and PUT, so `patch` stays `patch` and matches no
   * `PATCH` route. Nothing here changes its case.
   */
  get method(): string {
    return this.request.method;
  }

  /** The request headers. */
  get headers(): Headers {
    return this.request.headers;
  }

  /** The full request URL, parsed on first use. */
  get url(): URL {
    this.#url ??= new URL(this.request.url);
    return this.#url;
  }

  /** The query string parameters of the request URL. */
  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  /**
   * Reads an attribute.
   *
   * @param key - a typed key from {@link attribute}, or an attribute name
   * @returns the value, or `undefined` when none is set
   */
  getAttribute<T>(key: Attribute<T>): T | undefined;
  getAttribute(name: string): unknown;
  getAttribute(key: string | Attribute<unknown>): unknown {
    return this.#attributes.get(typeof key === 'string' ? key : key.name);
  }

  /**
   * Reads a route parameter set by the routing middleware, such as `id` in `/user/{id}`.
   *
   * @returns the decoded value, or `undefined` when the matched route has no such parameter
   */
  param(name: string): string | undefined {
    const value = this.#attributes.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  /** Returns a copy with the attribute set. */
  withAttribute<T>(key: Attribute<T>, value: T): ServerRequest;
  withAttribute(name: string, value: unknown): ServerRequest;
  withAttribute(key: string | Attribute<unknown>, value: unknown): ServerRequest {
    const attributes = new Map(this.#attributes);
    attributes.set(typeof key === 'string' ? key : key.name, value);
    return new ServerRequest(this.request, this.path, this.basePath, attributes);
  }

  /** Returns a copy with several attributes set at once (one copy, not one per attribute). */
  withAttributes(values: Readonly<Record<string, unknown>>): ServerRequest {
    const entries = Object.entries(values);
    if (entries.length === 0) return this;
    const attributes = new Map(this.#attributes);
    for (const [name, value] of entries) attributes.set(name, value);
    return new ServerRequest(this.request, this.path, this.basePath, attributes);
  }

  /** Returns a copy without the attribute. */
  withoutAttribute(key: string | Attribute<unknown>): ServerRequest {
    const attributes = new Map(this.#attributes);
    attributes.delete(typeof key === 'string' ? key : key.name);
    return new ServerRequest(this.request, this.path, this.basePath, attributes);
  }

  /** Returns a copy that sees another path (the pipeline uses it for path prefixes). */
  withPath(path: string, basePath: string = this.basePath): ServerRequest {
    return new ServerRequest(this.request, path, basePath, this.#attributes);
  }
}

/**
 * The path of an absolute URL, still percent-encoded, without query or fragment: the
 * text after `scheme://host` up to `?` or `#`. A scan rather than `new URL()` or a
 * regular expression, because this runs for every request.
 */
export function pathOf(url: string): string {
  let start = url.indexOf('//') + 2;
  while (start < url.length && !isDelimiter(url[start])) start++;
  if (url[start] !== '/') return '/';
  let end = start;
  while (end < url.length && url[end] !== '?' && url[end] !== '#') end++;
  return url.slice(start, end);
}

/** What ends the host of a URL. */
function isDelimiter(character: string | undefined): boolean {
  return character === '/' || character === '?' || character === '#';
}
