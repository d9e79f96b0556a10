import { BASE_URL, checkContext } from './context.ts';
import { CheckFailure, errorMessage } from './report.ts';
import { targetApp } from './target.ts';
import { forgetThrown, noteCrash, takeThrown } from './thrown.ts';

/** The request of an {@link Exchange}, as the report shows it. */
export interface SentRequest {
  /** The method, such as `POST`. */
  readonly method: string;
  /** The full URL. */
  readonly url: string;
  /** The headers the check set. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body sent, if any. */
  readonly body?: string | undefined;
}

/** A request a check sent and the answer, read in full, so expectations can be synchronous. */
export interface Exchange {
  /** What was sent. */
  readonly request: SentRequest;
  /** The answer's status code. */
  readonly status: number;
  /** The answer's headers. */
  readonly headers: Headers;
  /** The answer's body as text. */
  readonly text: string;
  /** The body parsed as JSON; `undefined` when it is not JSON. */
  readonly json: unknown;
  /** Whether the body is JSON. */
  readonly isJson: boolean;
  /** What the application threw while answering with a 5xx, when it ran in-process. */
  readonly thrown?: unknown;
}

/** Something that answers requests in-process, such as an `Application`. */
export interface Handler {
  /** Answers a request. */
  handle(request: Request): Promise<Response>;
}

/** Options of {@link send}. */
export interface SendOptions {
  /** Request headers. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** A body to send as `application/json`. */
  json?: unknown;
  /** A body to send as `application/x-www-form-urlencoded`. */
  form?: Readonly<Record<string, string>> | undefined;
  /** A raw body (set its Content-Type in `headers`). */
  body?: string | undefined;
  /** Let this application answer, in-process, instead of the target (for example one built with a `*.local.*` override). */
  app?: Handler | undefined;
  /** Send to this origin instead, such as a server a check started (`http://localhost:1234`). */
  origin?: string | undefined;
}

/**
 * Sends a request to the project checked and reads the answer.
 *
 * The request is made for `http://conference.test` and handed straight to the target's
 * application in-process (`app.handle(request)`, as a server would), or sent to the live
 * server of `WORKSHOP_URL` with `fetch`. Nothing intercepts `fetch` in between: a relay such
 * as msw cost a cold check about 0.3 s of CPU, for no difference the checks could see.
 *
 * @example
 * ```ts
 * const exchange = await send('POST', '/timezone', { json: { timezone: 'Europe/Paris' } });
 * ```
 */
export async function send(
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<Exchange> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  } else if (options.form !== undefined) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  const url = `${options.origin ?? BASE_URL}${path}`;
  const request: SentRequest = { method, url, headers, body };
  const init: RequestInit = { method, headers, body: body ?? null, redirect: 'manual' };
  const context = checkContext();
  let response: Response;
  forgetThrown();
  try {
    if (options.app) response = await options.app.handle(new Request(url, init));
    else if (options.origin) response = await fetch(url, init);
    else if (context.url) response = await fetch(`${context.url.replace(/\/+$/, '')}${path}`, init);
    // Building the application turns a broken src/app.ts into a clear failure here.
    else response = await (await targetApp()).handle(new Request(url, init));
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    throw new CheckFailure({
      summary: `${method} ${path}: no answer came back`,
      sent: [`${method} ${url}`],
      expected: [
        context.url && !options.origin && !options.app
          ? `an answer from the server at ${context.url} (is it running?)`
          : 'an answer',
      ],
      received: [errorMessage(error)],
    });
  }
  const text = await response.text();
  const json = parseJson(text);
  const thrown = takeThrown();
  if (response.status >= 500 && thrown !== undefined) noteCrash(`${method} ${path}`, thrown);
  return {
    request,
    status: response.status,
    headers: response.headers,
    text,
    json: json.value,
    isJson: json.ok,
    // A 4xx is the answer a check asks for; only a server error needs its cause shown.
    ...(response.status >= 500 && thrown !== undefined ? { thrown } : {}),
  };
}

function parseJson(text: string): { ok: boolean; value: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}
