import {
  type MiddlewareInterface,
  type ResponsePrototype,
  type ServerRequest,
  text,
} from 'hyperpipe';

/** `GET /hello/{name}`: greets the name in the path, with a greeting from configuration. */
export class HelloHandler implements MiddlewareInterface {
  readonly #greeting: string;

  /** @param greeting - the word to greet with, such as `Hello` */
  constructor(greeting: string) {
    this.#greeting = greeting;
  }

  process(request: ServerRequest, response: ResponsePrototype): Response {
    return text(`${this.#greeting}, ${request.param('name')}!`, response);
  }
}
