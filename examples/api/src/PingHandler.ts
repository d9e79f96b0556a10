import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';

/** `GET /ping`: the server's Unix time, so a client can check it is alive. */
export class PingHandler implements MiddlewareInterface {
  process(_request: ServerRequest, response: ResponsePrototype): Response {
    // Derived from the prototype, so headers set before routing (x-powered-by) are kept.
    return json({ ack: Math.floor(Date.now() / 1000) }, response);
  }
}
