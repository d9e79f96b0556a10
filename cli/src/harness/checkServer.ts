// `msw/core/http`, not `msw`: msw's root module also loads its GraphQL support (the graphql
// package, about 130 modules), which no check uses.
import { http } from 'msw/core/http';
import { type SetupServer, setupServer } from 'msw/node';
import { BASE_URL, checkContext } from './context.ts';
import { targetApp } from './target.ts';

// fetch as Node has it, before the check server replaces it at listen(): a request made
// with it reaches the network past the checks.
const networkFetch = globalThis.fetch;

let forwardError: unknown;

/** Why the last request forwarded to the live server got no answer, if it did not. */
export function lastForwardError(): unknown {
  return forwardError;
}

/**
 * The msw server behind the checks' `fetch('http://conference.test/…')`: it hands each
 * request to the target's application in-process (`app.handle(request)`), or, when the
 * check context has a `url`, forwards it to that live server. Any other request is an error.
 * Call `listen()` before the checks and `close()` after them.
 */
export function createCheckServer(): SetupServer {
  return setupServer(
    http.all(`${BASE_URL}/*`, async ({ request }) => {
      // Read per request, so a context set after the server was made applies.
      const { url } = checkContext();
      return url ? forward(request, url) : (await targetApp()).handle(request);
    }),
  );
}

/** Starts intercepting; a request no handler matches fails instead of reaching the network. */
export function listen(server: SetupServer): void {
  server.listen({ onUnhandledRequest: 'error' });
}

async function forward(request: Request, origin: string): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  try {
    forwardError = undefined;
    return await fetchPastChecks(`${origin.replace(/\/+$/, '')}${pathname}${search}`, {
      method: request.method,
      headers: request.headers,
      body: hasBody ? await request.arrayBuffer() : null,
      redirect: 'manual',
    });
  } catch (error) {
    // A network error for fetch; send() reports this cause.
    forwardError = error;
    return Response.error();
  }
}

/**
 * `fetch`, past the check server, to the real network: Node's own fetch, which the check
 * server does not intercept. It takes a URL and options rather than a Request object: a
 * server started in the same process (@hono/node-server) replaces the global Request class,
 * and a Request re-wrapped by that class loses its method.
 */
export function fetchPastChecks(url: string, init: RequestInit = {}): Promise<Response> {
  return networkFetch(url, init);
}
