import {
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
  text,
} from 'hyperpipe';

/** `GET /`: the greeting of step 01, as a class the container can create. */
export class HomeHandler implements MiddlewareInterface {
  process(_request: ServerRequest, response: ResponsePrototype): Response {
    return text('Hello from Hyperpipe!', response);
  }
}
