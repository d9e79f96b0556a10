/**
 * Route path patterns: literal text with `{name}` placeholders. Both routers and URI
 * generation read patterns through this one parser, so they agree on what a path means.
 */

/** A piece of a route path: literal text, or a placeholder. */
export interface PathPart {
  /** The literal text, when this part is text. */
  readonly literal?: string;
  /** The placeholder's name, when this part is a placeholder. */
  readonly param?: string;
}

/**
 * Values of route placeholders, by name.
 * @category Routing
 */
export type RouteParams = Readonly<Record<string, string | number>>;

/** Splits a path pattern into literal text and placeholders, checking its syntax. */
export function parseRoutePath(path: string): PathPart[] {
  if (!path.startsWith('/')) throw new Error(`Route path "${path}" must start with "/"`);
  refuseColonParameter(path);
  const parts: PathPart[] = [];
  const seen = new Set<string>();
  const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const [, param, literal, stray] of path.matchAll(pattern)) {
    if (stray !== undefined) throw new Error(`Route path "${path}" has an unbalanced "${stray}"`);
    if (literal !== undefined) {
      parts.push({ literal });
      continue;
    }
    const name = param as string;
    if (!/^[A-Za-z_]\w*$/.test(name)) {
      throw new Error(
        `Route path "${path}" has an invalid placeholder {${name}}: use letters, digits and _`,
      );
    }
    if (seen.has(name)) throw new Error(`Route path "${path}" uses {${name}} twice`);
    if (parts.at(-1)?.param !== undefined) {
      throw new Error(
        `Route path "${path}" needs text between {${parts.at(-1)?.param}} and {${name}}`,
      );
    }
    seen.add(name);
    parts.push({ param: name });
  }
  return parts;
}

/**
 * Refuses a segment written `:name`, the parameter syntax of Express and Hono: here it would
 * be literal text, and `/user/:id` a route that only that very path reaches, a silent 404
 * for every id. A segment that truly starts with a colon and a name is rare enough to give up.
 */
function refuseColonParameter(path: string): void {
  const colon = /(?:^|\/):([A-Za-z_]\w*)(?=\/|$)/.exec(path);
  if (colon === null) return;
  const name = colon[1] as string;
  throw new Error(
    `Route path "${path}" has ":${name}", a parameter as Express writes it; here write {${name}}`,
  );
}

/**
 * Fills a route's placeholders ({@link fillPlaceholder}). Values are percent-encoded, must not be empty and must
 * match the placeholder's token, so that matching the result finds the same route again.
 */
export function fillRoutePath(
  routeName: string,
  parts: readonly PathPart[],
  params: RouteParams,
  tokens: Readonly<Record<string, string>> = {},
): string {
  let path = '';
  for (const part of parts) {
    path +=
      part.param === undefined
        ? part.literal
        : fillPlaceholder(routeName, part.param, params[part.param], tokens[part.param]);
  }
  return path;
}

/**
 * One placeholder's value, checked against its token and percent-encoded: what every
 * generated URI and every link template (`UriTemplate.ts`) fills a placeholder with, so
 * an id the route refuses is an error, never a link.
 */
export function fillPlaceholder(
  routeName: string,
  param: string,
  raw: string | number | undefined,
  token: string | undefined,
): string {
  if (raw === undefined || raw === null) {
    throw new Error(`Missing parameter "${param}" to generate a URI for route "${routeName}"`);
  }
  const value = String(raw);
  // "." and ".." would be read as dot-segments by every URL parser.
  if (value === '' || value === '.' || value === '..') {
    throw new Error(`Parameter "${param}" of route "${routeName}" cannot be "${value}"`);
  }
  if (token !== undefined && !tokenPattern(token).test(value)) {
    throw new Error(`Parameter "${param}" of route "${routeName}" must match /${token}/`);
  }
  // An integer's digits and sign need no escaping, and identifiers are integers more often
  // than not: escaping them anyway was about half of what generating a link cost. The
  // conference API's page of 25 speakers has 75 links; skipping it took the request from
  // 146.2 to 142.0 µs of CPU without sockets (issue 27). Other numbers, such as 1e+21, are
  // escaped as text.
  return typeof raw === 'number' && Number.isSafeInteger(raw) ? value : encodeURIComponent(value);
}

const compiledTokens = new Map<string, RegExp>();

/**
 * A route token as a regular expression for one whole, decoded placeholder value. URI
 * generation and both routers test tokens through this, so they accept the same values.
 * Each token is compiled once: links are generated and routes matched on every request.
 */
export function tokenPattern(token: string): RegExp {
  let pattern = compiledTokens.get(token);
  if (pattern === undefined) {
    pattern = new RegExp(`^(?:${token})$`, 'u');
    compiledTokens.set(token, pattern);
  }
  return pattern;
}
