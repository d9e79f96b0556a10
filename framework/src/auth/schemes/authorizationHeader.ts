/**
 * An `Authorization` header split into its scheme (lower-case) and the rest.
 *
 * @category Authentication
 */
export interface Authorization {
  /** The scheme, lower-case: `basic`, `digest`, `bearer`, … */
  readonly scheme: string;
  /** Everything after the scheme and its space: a token or auth-params. */
  readonly credentials: string;
}

// RFC 9110 section 11.4: credentials = auth-scheme [ 1*SP ( token68 / #auth-param ) ].
const CREDENTIALS = /^([!#$%&'*+.^_`|~\dA-Za-z-]+)(?: +(.*))?$/s;
const TOKEN = "[!#$%&'*+.^_`|~\\dA-Za-z-]+";
// One auth-param and the comma after it: name = token or "quoted \"string\"".
const AUTH_PARAM = new RegExp(
  `[ \\t]*(${TOKEN})[ \\t]*=[ \\t]*(?:"((?:[^"\\\\]|\\\\.)*)"|(${TOKEN}))[ \\t]*(?:,|$)`,
  'y',
);

/**
 * Splits an `Authorization` header value.
 *
 * @returns the scheme and credentials, or `undefined` when the value is not shaped like credentials
 *
 * @example
 * ```ts
 * parseAuthorization('Bearer mF_9.B5f-4.1JqM');
 * // { scheme: 'bearer', credentials: 'mF_9.B5f-4.1JqM' }
 * ```
 *
 * @category Authentication
 */
export function parseAuthorization(value: string): Authorization | undefined {
  const match = CREDENTIALS.exec(value.trim());
  if (!match) return undefined;
  return { scheme: (match[1] as string).toLowerCase(), credentials: (match[2] ?? '').trim() };
}

/**
 * Reads comma-separated auth-params (`realm="x", nc=00000001`), unquoting quoted values.
 * Names are lower-cased.
 *
 * @param text - the credentials of a Digest header, or the parameters of a challenge
 *
 * @returns the parameters, or `undefined` when the text is malformed or names one twice
 *
 * @example
 * ```ts
 * parseAuthParams('realm="api", nc=00000001')?.get('realm'); // 'api'
 * ```
 *
 * @category Authentication
 */
export function parseAuthParams(text: string): Map<string, string> | undefined {
  const params = new Map<string, string>();
  let index = 0;
  while (index < text.length) {
    AUTH_PARAM.lastIndex = index;
    const match = AUTH_PARAM.exec(text);
    if (!match || AUTH_PARAM.lastIndex === index) return undefined;
    const name = (match[1] as string).toLowerCase();
    if (params.has(name)) return undefined;
    params.set(name, match[2]?.replace(/\\(.)/g, '$1') ?? (match[3] as string));
    index = AUTH_PARAM.lastIndex;
  }
  return params;
}

/**
 * A quoted-string for a challenge parameter, escaping `"` and `\`.
 *
 * @example
 * ```ts
 * const challenge = `Basic realm=${quote('Hyperpipe "demo"')}`;
 * // Basic realm="Hyperpipe \"demo\""
 * ```
 *
 * @category Authentication
 */
export function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
