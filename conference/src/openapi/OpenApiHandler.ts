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
   *
   * From a loopback name (`localhost`, `127.0.0.1`, `[::1]`) the server is the mount
   * prefix alone, a URL relative to where the document was read (OpenAPI 3.1, Server
   * Object), which is the same server: a loopback URL names no other machine's, and
   * Redocly's recommended `no-server-example.com` rule warns about `localhost`, the name
   * the guide uses.
   */
  process(request: ServerRequest, response: ResponsePrototype): Response {
    this.#document ??= this.#generate();
    const { openapi, info, ...rest } = this.#document;
    const url = isLoopback(request.url.hostname)
      ? request.basePath || '/'
      : `${request.origin}${request.basePath}`;
    const servers = [{ url, description: SERVER }];
    return json({ openapi, info, servers, ...rest }, response);
  }
}

const SERVER = 'This server, as the request for this document reached it.';

/** Whether `hostname` names this machine only (RFC 6761 §6.3; 127.0.0.0/8; ::1). */
function isLoopback(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    name === '[::1]'
  );
}
