/**
 * The response prototype that flows down the pipeline next to the request.
 *
 * Outer middleware prepares it (a status, headers such as CORS headers) before calling
 * `next(request, response)`; inner middleware derives its result from it, with
 * `json(data, response)` and the other helpers, or writes to its body and returns
 * `response.toResponse()`. It is not a WHATWG `Response` because those cannot be
 * written to, and because creating one for every request would cost 20–30 µs.
 *
 * Its headers reach the client even when inner middleware ignores it and returns
 * `json(data)`: the pipeline carries them onto every returned response that does not set
 * them itself ({@link ResponsePrototype.carryOnto}). Its status does not: a response
 * built without the prototype chose its own.
 *
 * @example
 * ```ts
 * const app = createApplication();
 * // Outer middleware sets a header, inner middleware answers from the prototype.
 * app.pipe((request, response, next) => {
 *   response.headers.set('access-control-allow-origin', '*');
 *   return next(request, response);
 * });
 * // carries the CORS header:
 * app.get('/', (_request, response) => text('Hello', response));
 * app.get('/stream', (_request, response) => {
 *   response.status = 201;
 *   return response.write('line 1\n').write('line 2\n').toResponse();
 * });
 * ```
 *
 * @see The framework guide: [middleware](../../../docs/framework.md#middleware)
 * @category HTTP
 */
export class ResponsePrototype {
  /** The status code the response will have. */
  status = 200;
  #headers: Headers | undefined;
  /** The content type, while nothing else needs a `Headers` object. */
  #contentType: string | undefined;
  /**
   * Headers set with {@link ResponsePrototype.setHeader} while nothing needed a `Headers`
   * object, by lower-case name; they move into `headers` when it is first read.
   */
  #fields: Map<string, string> | undefined;
  #body = '';
  /** The last response known to carry every header set so far: built here, or carried onto. */
  #carried: Response | undefined;

  /** The headers of the response, created on first use; they include the content type. */
  get headers(): Headers {
    if (this.#headers === undefined) {
      this.#headers = new Headers(this.#fields === undefined ? undefined : [...this.#fields]);
      if (this.#contentType !== undefined) this.#headers.set('content-type', this.#contentType);
      this.#contentType = undefined;
      this.#fields = undefined;
    }
    // Whoever holds them may change them: no response is known to carry them any more.
    this.#carried = undefined;
    return this.#headers;
  }

  /**
   * The `Content-Type` the response will have, the same as `headers.get('content-type')`.
   * Content negotiation sets it on every negotiated request; kept apart until someone reads
   * `headers`, it spares those requests building and walking a `Headers` object (about
   * 0.5 µs each).
   */
  get contentType(): string | undefined {
    return this.#headers === undefined
      ? this.#contentType
      : (this.#headers.get('content-type') ?? undefined);
  }

  /**
   * Sets or (with `undefined`) removes the `Content-Type`.
   */
  set contentType(type: string | undefined) {
    if (this.#headers === undefined) this.#contentType = type;
    else if (type === undefined) this.#headers.delete('content-type');
    else this.#headers.set('content-type', type);
  }

  /**
   * One header's value, or `null`; the same as `headers.get(name)`, without building a
   * `Headers` object.
   *
   * @param name - the header's name, in any case
   */
  getHeader(name: string): string | null {
    const key = name.toLowerCase();
    if (key === 'content-type') return this.contentType ?? null;
    if (this.#headers !== undefined) return this.#headers.get(key);
    return this.#fields?.get(key) ?? null;
  }

  /**
   * Sets a header, the same as `headers.set(name, value)`. While nobody has read `headers`,
   * the value is kept by name and the answer is built with a plain object of headers, which
   * the node adapter writes as it is. So content negotiation's `Vary` and a representation's
   * `ETag`, set on every HAL request, build no `Headers` object for the pipeline to walk,
   * nor one on the answer for the adapter to convert back (with
   * {@link ResponsePrototype.carryOnto} passing its own answers through: the conference
   * API's `GET /speaker/26` went from 42.1 to 37.8 µs of CPU without sockets, its page of 25
   * from 174.6 to 166.4 µs, issue 27). A value is checked when the answer is built or sent,
   * rather than here. Use `headers.append()` for a header that may repeat, such as
   * `Set-Cookie`.
   *
   * @param name - the header's name, in any case
   */
  setHeader(name: string, value: string): this {
    const key = name.toLowerCase();
    if (key === 'content-type') this.contentType = value;
    else if (this.#headers !== undefined || key === 'set-cookie') this.headers.set(key, value);
    else {
      this.#fields ??= new Map();
      this.#fields.set(key, value);
      this.#carried = undefined;
    }
    return this;
  }

  /**
   * Whether headers other than the content type may have been set: `headers` was read, or
   * `setHeader()` called. Lets helpers skip copying empty headers.
   */
  get hasHeaders(): boolean {
    return this.#headers !== undefined || this.#fields !== undefined;
  }

  /** Everything written to the body so far. */
  get body(): string {
    return this.#body;
  }

  /**
   * Appends text to the body.
   */
  write(chunk: string): this {
    this.#body += chunk;
    return this;
  }

  /**
   * Adds this prototype's headers to `response` where it has none of that name, and
   * returns it. `Content-Type` stays behind: it describes a body the prototype did not
   * write (a negotiated type must not land on a 204 or on a problem).
   *
   * A response built from this prototype ({@link ResponsePrototype.answer}, and so
   * `json(data, response)` and the other helpers), or carried onto already, is returned as
   * it is while no header was set since: every stage of the pipeline asks, about the same
   * response, and reading its headers would turn the node adapter's plain object into a
   * `Headers` (measured with {@link ResponsePrototype.setHeader}).
   *
   * @param response - the response middleware returned
   */
  carryOnto(response: Response): Response {
    if (response === this.#carried) return response;
    const fields = this.#headers ?? this.#fields;
    if (fields === undefined) return response;
    // Mostly there is nothing to carry, so one loop without copies finds out. The
    // response's headers are read only for a header to carry.
    const carried: [string, string][] = [];
    for (const [name, value] of fields) {
      if (name !== 'content-type' && !response.headers.has(name)) carried.push([name, value]);
    }
    this.#carried = carried.length === 0 ? response : withHeaders(response, carried);
    return this.#carried;
  }

  /**
   * A response with this prototype's status and headers and `body`: what `json(data,
   * response)`, `text(body, response)` and the other helpers return. The headers go as a
   * plain object with lower-case names, which keeps the node adapter on its fast path, or
   * as `Headers` when they hold a `Set-Cookie`, whose values only `Headers` keep apart.
   *
   * @param contentType - the content type when the prototype names none
   */
  answer(body: string | Uint8Array<ArrayBuffer> | null, contentType?: string): Response {
    const response = new Response(body, {
      status: this.status,
      headers: this.#initHeaders(this.contentType ?? contentType),
    });
    this.#carried = response;
    return response;
  }

  /** A WHATWG `Response` with this prototype's status, headers and written body. */
  toResponse(): Response {
    const bodyless = this.status === 204 || this.status === 304;
    return this.answer(bodyless ? null : this.#body);
  }

  #initHeaders(contentType: string | undefined): Record<string, string> | Headers {
    const plain: Record<string, string> = {};
    if (this.#headers?.has('set-cookie')) {
      const headers = new Headers(this.#headers);
      if (contentType !== undefined) headers.set('content-type', contentType);
      return headers;
    }
    for (const [name, value] of this.#headers ?? this.#fields ?? []) plain[name] = value;
    if (contentType !== undefined) plain['content-type'] = contentType;
    return plain;
  }
}

/** `response` with `headers` appended; a copy when its own headers cannot change. */
function withHeaders(response: Response, headers: readonly [string, string][]): Response {
  try {
    for (const [name, value] of headers) response.headers.append(name, value);
    return response;
  } catch {
    // Headers of Response.redirect(), Response.error() and fetch() answers are immutable.
    const copy = new Headers(response.headers);
    for (const [name, value] of headers) copy.append(name, value);
    const { status, statusText } = response;
    return new Response(response.body, { status, statusText, headers: copy });
  }
}
