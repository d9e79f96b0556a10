/**
 * The response prototype that flows down the pipeline next to the request.
 *
 * Outer middleware prepares it (a status, headers such as CORS headers) before calling
 * `next(request, response)`; inner middleware derives its result from it, with
 * `json(data, response)` and the other helpers, or writes to its body and returns
 * `response.toResponse()`. It is not a WHATWG `Response` because those cannot be
 * written to, and because creating one for every request would cost 20–30 µs.
 */
export class ResponsePrototype {
  /** The status code the response will have. */
  status = 200;
  #headers: Headers | undefined;
  #body = '';

  /** The headers of the response, created on first use. */
  get headers(): Headers {
    this.#headers ??= new Headers();
    return this.#headers;
  }

  /** Whether any header was ever asked for; lets helpers skip copying empty headers. */
  get hasHeaders(): boolean {
    return this.#headers !== undefined;
  }

  /** Everything written to the body so far. */
  get body(): string {
    return this.#body;
  }

  /** Appends text to the body. */
  write(chunk: string): this {
    this.#body += chunk;
    return this;
  }

  /** A WHATWG `Response` with this prototype's status, headers and written body. */
  toResponse(): Response {
    const bodyless = this.status === 204 || this.status === 304;
    return new Response(bodyless ? null : this.#body, {
      status: this.status,
      headers: this.#headers ?? {},
    });
  }
}
