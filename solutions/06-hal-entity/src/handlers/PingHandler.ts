import {
  json,
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';

/** `GET /ping`: the server's Unix time in seconds, so a client can tell it is alive. */
export class PingHandler implements MiddlewareInterface {
  process(_request: ServerRequest, response: ResponsePrototype): Response {
    return json({ ack: Math.floor(Date.now() / 1000) }, response);
  }
}
