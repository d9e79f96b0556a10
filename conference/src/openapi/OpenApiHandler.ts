import { json, type MiddlewareInterface, type ResponsePrototype } from 'hyperpipe';
import type { OpenApiDocument } from './openApiDocument.ts';

/**
 * `GET /openapi.json`: the OpenAPI document of the API. It is generated at the first
 * request, once every route, the REST resources' included, is registered, and then kept.
 */
export class OpenApiHandler implements MiddlewareInterface {
  readonly #generate: () => OpenApiDocument;
  #document: OpenApiDocument | undefined;

  /**
   * Creates the handler.
   *
   * @param generate - builds the document, from the application's configuration and routes
   */
  constructor(generate: () => OpenApiDocument) {
    this.#generate = generate;
  }

  /** Answers with the document. */
  process(_request: unknown, response: ResponsePrototype): Response {
    this.#document ??= this.#generate();
    return json(this.#document, response);
  }
}
