import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  html,
  type MiddlewareInterface,
  type Next,
  type ResponsePrototype,
  type ServerRequest,
} from 'hyperpipe';
import { negotiateMediaType } from 'hyperpipe/negotiation';

const PAGE = readFileSync(new URL('./explorer.html', import.meta.url), 'utf8');

/** Where the page reads its prefilled bodies: a JSON data block, which no browser runs. */
const PREFILL_BLOCK = '<script type="application/json" id="prefill">{}</script>';

/**
 * Bodies the write form starts with instead of the API description's example, by method and
 * path (`'POST /oauth'`): the demo values of a form no example can fill, such as a token
 * request's client.
 */
export type ExplorerPrefill = Readonly<Record<string, Readonly<Record<string, string>> | null>>;

/** The base64 SHA-256 of each inline `<script>` or `<style>` of the page, as CSP names them. */
function inlineHashes(tag: 'script' | 'style'): string {
  const blocks = [...PAGE.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))];
  return blocks
    .map(
      ([, body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
    )
    .join(' ');
}

/**
 * What the page may do: run its own script and style (by hash), fetch and post to this
 * origin only, and never be framed, so that neither an injected script nor another site's
 * frame can use what it holds (a token, a password).
 */
const POLICY = [
  "default-src 'none'",
  `script-src ${inlineHashes('script')}`,
  `style-src ${inlineHashes('style')}`,
  "connect-src 'self'",
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /` (and `/v1`, `/v2`) for browsers: the HAL explorer, one HTML page whose script
 * starts from the API root and follows its links with the `Accept` the user chooses, showing
 * each answer's state, links, embedded resources, problems and headers, and whose write form
 * takes its methods from `Allow`. Its bodies never overwrite data with an example: a PUT
 * starts from the representation shown, a PATCH from `{}`, and the OpenAPI description's
 * example is shown beside the form, never sent; `prefill` gives the bodies of forms the
 * description cannot fill (config/autoload/explorer.global.ts).
 *
 * Only a client that prefers HTML gets it: one that takes JSON, or anything (`*\/*`), goes
 * on down the route's pipeline to the API root (config/autoload/root.global.ts).
 */
export class HalExplorer implements MiddlewareInterface {
  readonly #page: string;

  constructor(prefill: ExplorerPrefill = {}) {
    // `<` escaped, so that no value can close the block and start markup of its own.
    const json = JSON.stringify(prefill).replaceAll('<', '\\u003c');
    this.#page = PAGE.replace(
      PREFILL_BLOCK,
      PREFILL_BLOCK.replace('{}', () => json),
    );
  }

  /** Answers with the page, or passes on. */
  process(
    request: ServerRequest,
    response: ResponsePrototype,
    next: Next,
  ): Response | Promise<Response> {
    const preferred = negotiateMediaType(request.headers.get('accept'), [
      'application/json',
      'text/html',
    ]);
    if (preferred !== 'text/html') return next(request, response);
    // The same URL serves the API root to other clients: caches keep one answer per Accept.
    response.headers.set('vary', 'Accept');
    response.headers.set('content-security-policy', POLICY);
    return html(this.#page, response);
  }
}
