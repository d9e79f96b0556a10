import type { IncomingMessage } from 'node:http';

/**
 * Checks a configured public URL and returns its origin, such as `https://api.example.org`.
 *
 * @throws Error when it is no http(s) URL, or has a path, query or fragment
 */
export function parsePublicUrl(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`The public URL must be an absolute URL, not "${publicUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The public URL must be an http or https URL, not "${publicUrl}"`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new Error(`The public URL must be an origin, without a path: "${publicUrl}"`);
  }
  return url.origin;
}

/**
 * Makes the request's URL start with the public origin, whatever `Host` (or an absolute
 * request target) the client sent. Links the application builds from the request URL, such
 * as HAL self links and `Location`, then name the server as it is known publicly, and a
 * forged `Host: evil.example` cannot put another site into them.
 *
 * The request listener takes an absolute `request.url` as the whole URL, which is why the
 * origin goes there.
 */
export function usePublicOrigin(request: IncomingMessage, origin: string): void {
  const target = request.url ?? '/';
  if (target.startsWith('/')) {
    request.url = origin + target;
    return;
  }
  try {
    const { pathname, search } = new URL(target);
    request.url = origin + pathname + search;
  } catch {
    // Not a URL at all (such as `*`): the request listener refuses it with a 400.
  }
}
