import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
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

  /**
   * Answers with the document. Its server is the origin (and mount prefix) the request
   * reached, as the self links of every representation are: a client generated from the
   * document calls the server it read it from.
   */
  process(request: ServerRequest, response: ResponsePrototype): Response {
    this.#document ??= this.#generate();
    const { openapi, info, ...rest } = this.#document;
    const servers = [{ url: `${request.origin}${request.basePath}`, description: SERVER }];
    return json({ openapi, info, servers, ...rest }, response);
  }
}

const SERVER = 'This server, as the request for this document reached it.';
