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
 * app.get('/', (_request, response) => text('Hello', response)); // carries the CORS header
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
  #body = '';

  /** The headers of the response, created on first use; they include the content type. */
  get headers(): Headers {
    if (this.#headers === undefined) {
      this.#headers = new Headers();
      if (this.#contentType !== undefined) this.#headers.set('content-type', this.#contentType);
      this.#contentType = undefined;
    }
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
   *
   * @param type - the media type, such as `application/hal+json`
   */
  set contentType(type: string | undefined) {
    if (this.#headers === undefined) this.#contentType = type;
    else if (type === undefined) this.#headers.delete('content-type');
    else this.#headers.set('content-type', type);
  }

  /**
   * Whether headers other than the content type may have been set: `headers` was read.
   * Lets helpers skip copying empty headers.
   */
  get hasHeaders(): boolean {
    return this.#headers !== undefined;
  }

  /** Everything written to the body so far. */
  get body(): string {
    return this.#body;
  }

  /**
   * Appends text to the body.
   *
   * @param chunk - the text to append
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
   * @param response - the response middleware returned
   */
  carryOnto(response: Response): Response {
    if (this.#headers === undefined) return response;
    // The pipeline asks at every stage, and mostly there is nothing to carry, so one loop
    // without copies finds out. The response's headers are read only for a header to
    // carry: that turns the node adapter's plain object into Headers.
    const carried: [string, string][] = [];
    for (const [name, value] of this.#headers) {
      if (name !== 'content-type' && !response.headers.has(name)) carried.push([name, value]);
    }
    if (carried.length === 0) return response;
    try {
      for (const [name, value] of carried) response.headers.append(name, value);
      return response;
    } catch {
      // Headers of Response.redirect(), Response.error() and fetch() answers are immutable.
      const headers = new Headers(response.headers);
      for (const [name, value] of carried) headers.append(name, value);
      const { status, statusText } = response;
      return new Response(response.body, { status, statusText, headers });
    }
  }

  /** A WHATWG `Response` with this prototype's status, headers and written body. */
  toResponse(): Response {
    const bodyless = this.status === 204 || this.status === 304;
    const contentType = this.#contentType;
    return new Response(bodyless ? null : this.#body, {
      status: this.status,
      headers: this.#headers ?? (contentType === undefined ? {} : { 'content-type': contentType }),
    });
  }
}
