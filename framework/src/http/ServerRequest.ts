import type { Attribute } from './Attribute.ts';

const NO_ATTRIBUTES: ReadonlyMap<string, unknown> = new Map();

/**
 * The attributes of a request, newest first: each copy made with an attribute links it in
 * front of the ones it was made from, so adding one never copies the others. A link hides
 * older ones of its name; `undefined` stands for a removed attribute.
 */
interface AttributeLink {
  readonly name: string;
  readonly value: unknown;
  readonly older: AttributeLink | undefined;
}

/**
 * The request as middleware sees it: the client's WHATWG `Request`, the path the current
 * layer of the pipeline matches against, and per-request attributes.
 *
 * It is immutable, like a PSR-7 request: every `with*` method returns a copy. An inner
 * layer can therefore add attributes or see a shorter path without changing what an outer
 * layer holds. The WHATWG `Request` itself is never copied, because building one costs
 * about 10 µs; only this small wrapper is.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/user/{id}', (request, response) =>
 *   json(
 *     {
 *       id: request.param('id'),
 *       page: request.query.get('page'),
 *       path: request.path,
 *     },
 *     response,
 *   ),
 * );
 * // A request of your own, as tests build them:
 * const request = new ServerRequest(
 *   new Request('http://localhost/user/7?page=2'),
 * );
 * ```
 *
 * @typeParam Params - the names of the route parameters it carries; any name by default
 * @see The framework guide: [how a request flows](../../../docs/framework.md#how-a-request-flows)
 * @category HTTP
 */
export class ServerRequest<Params extends string = string> {
  /** The client's request: method, URL, headers and the body (read it once). */
  readonly request: Request;
  /**
   * The path this layer of the pipeline sees. Middleware piped under a path prefix sees
   * the path with that prefix removed (see {@link ServerRequest.basePath}).
   */
  readonly path: string;
  /** The path prefixes removed so far by the pipeline, joined: `''` at the top level. */
  readonly basePath: string;
  #attributes: AttributeLink | undefined;
  #url: URL | undefined;
  #query: URLSearchParams | undefined;
  #origin: string | undefined;

  /**
   * Creates the ServerRequest.
   *
   * @param path - the path this layer sees; by default the request URL's path
   * @param basePath - the prefixes already removed from the path
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
    for (const [name, value] of attributes)
      this.#attributes = { name, value, older: this.#attributes };
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

  /**
   * The origin of the request URL: scheme, host and port, such as `http://localhost:8080`.
   * Read from the URL text, without parsing it, and kept, also by the copies made later:
   * links are built from it for every entity.
   */
  get origin(): string {
    this.#origin ??= this.request.url.slice(0, pathStart(this.request.url));
    return this.#origin;
  }

  /** The full request URL, parsed on first use. */
  get url(): URL {
    this.#url ??= new URL(this.request.url);
    return this.#url;
  }

  /**
   * The query string parameters of the request URL. Parsed once per request, also for the
   * copies made later; a URL without `?` has none, and is not parsed for them at all: the
   * REST resources ask on every collection request (issue 47).
   */
  get query(): URLSearchParams {
    this.#query ??= this.request.url.includes('?') ? this.url.searchParams : new URLSearchParams();
    return this.#query;
  }

  /**
   * Reads an attribute.
   *
   * @param key - a typed key from {@link attribute}, or an attribute name
   */
  getAttribute<T>(key: Attribute<T>): T | undefined;
  /**
   * Reads an attribute by name, untyped.
   */
  getAttribute(name: string): unknown;
  getAttribute(key: string | Attribute<unknown>): unknown {
    return newest(this.#attributes, typeof key === 'string' ? key : key.name);
  }

  /**
   * Reads a route parameter set by the routing middleware, such as `id` in `/user/{id}`.
   * In middleware given to `app.get('/user/{id}', …)` and the other route methods, the
   * request knows its path's names: `param('idd')` there is a type error.
   *
   * @param name - the parameter's name in the route's path
   * @returns the decoded value, or `undefined` when the matched route has no such parameter
   */
  param(name: Params): string | undefined {
    const value = newest(this.#attributes, name);
    return typeof value === 'string' ? value : undefined;
  }

  /**
   * Returns a copy with the attribute set.
   *
   * @param key - a typed key from {@link attribute}, or an attribute name
   */
  withAttribute<T>(key: Attribute<T>, value: T): ServerRequest;
  /**
   * Returns a copy with the attribute set, by name.
   */
  withAttribute(name: string, value: unknown): ServerRequest;
  withAttribute(key: string | Attribute<unknown>, value: unknown): ServerRequest {
    const name = typeof key === 'string' ? key : key.name;
    return this.#copy({ name, value, older: this.#attributes });
  }

  /**
   * Returns a copy with several attributes set at once (one copy, not one per attribute).
   *
   * @param values - the values, by attribute name
   */
  withAttributes(values: Readonly<Record<string, unknown>>): ServerRequest {
    let attributes = this.#attributes;
    for (const [name, value] of Object.entries(values))
      attributes = { name, value, older: attributes };
    return attributes === this.#attributes ? this : this.#copy(attributes);
  }

  /**
   * Returns a copy without the attribute.
   *
   * @param key - a typed key from {@link attribute}, or an attribute name
   */
  withoutAttribute(key: string | Attribute<unknown>): ServerRequest {
    const name = typeof key === 'string' ? key : key.name;
    return this.#copy({ name, value: undefined, older: this.#attributes });
  }

  /**
   * Returns a copy that sees another path (the pipeline uses it for path prefixes).
   *
   * @param basePath - the prefixes removed from the path so far
   */
  withPath(path: string, basePath: string = this.basePath): ServerRequest {
    return this.#copy(this.#attributes, path, basePath);
  }

  #copy(
    attributes: AttributeLink | undefined,
    path = this.path,
    basePath = this.basePath,
  ): ServerRequest {
    const copy = new ServerRequest(this.request, path, basePath);
    copy.#attributes = attributes;
    copy.#origin = this.#origin;
    copy.#url = this.#url;
    copy.#query = this.#query;
    return copy;
  }
}

/** The value of the newest link named `name`. */
function newest(attributes: AttributeLink | undefined, name: string): unknown {
  for (let link = attributes; link !== undefined; link = link.older) {
    if (link.name === name) return link.value;
  }
  return undefined;
}

/**
 * The path of an absolute URL, still percent-encoded, without query or fragment: the
 * text after `scheme://host` up to `?` or `#`. A scan rather than `new URL()` or a
 * regular expression, because this runs for every request.
 *
 * @param url - an absolute URL
 *
 * @example
 * ```ts
 * pathOf('http://localhost:8080/speaker/1?page=2'); // '/speaker/1'
 * ```
 *
 * @category HTTP
 */
export function pathOf(url: string): string {
  const start = pathStart(url);
  if (url[start] !== '/') return '/';
  let end = start;
  while (end < url.length && url[end] !== '?' && url[end] !== '#') end++;
  return url.slice(start, end);
}

/** Where the host of an absolute URL ends: at its path, query, fragment or end. */
function pathStart(url: string): number {
  let start = url.indexOf('//') + 2;
  while (start < url.length && !isDelimiter(url[start])) start++;
  return start;
}

/** What ends the host of a URL. */
function isDelimiter(character: string | undefined): boolean {
  return character === '/' || character === '?' || character === '#';
}
