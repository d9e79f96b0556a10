import { ApiProblem } from '../problem/ApiProblem.ts';
import { essence, isJsonType } from './mediaType.ts';

/**
 * Turns body bytes into a value by content type: JSON (`application/json` and any
 * `+json` type) is parsed, with a HAL body's `_embedded` members merged in, a form (`application/x-www-form-urlencoded`) becomes an object
 * whose repeated keys hold lists, and anything else stays text.
 *
 * @param contentType - the request's `Content-Type`
 *
 * @returns the value; `undefined` for JSON of only white space, which is no body
 * @throws ApiProblem 400 `JSON decoding error: the request body is not valid JSON` for
 *   malformed JSON, 400 for bytes that are not UTF-8, and 415 for a `charset` other than
 *   UTF-8 (or its subset US-ASCII)
 *
 * @example
 * ```ts
 * const bytes = new TextEncoder().encode('tag=a&tag=b&name=Ada');
 * parseBody(bytes, 'application/x-www-form-urlencoded');
 * // { tag: ['a', 'b'], name: 'Ada' }
 * ```
 *
 * @category Negotiation
 */
export function parseBody(bytes: Uint8Array, contentType: string): unknown {
  refuseOtherCharset(contentType);
  const text = decodeUtf8(bytes);
  if (isJsonType(contentType)) return parseJson(text);
  if (essence(contentType) === 'application/x-www-form-urlencoded')
    return formToObject(new URLSearchParams(text));
  return text;
}

/**
 * A JSON body. White space alone is no body, as zf-content-negotiation reads it. Any JSON
 * value is a body, a bare `"1"` too: it is well-formed JSON, and a resource that wants an
 * object refuses another shape when it validates, with a 422 that names the field `body`.
 *
 * Malformed JSON is refused in the same words whatever the mistake: the parser's message
 * names its own internals and may quote the body back (`Unexpected token 'p', "password=…"`).
 * It stays the problem's `cause`, for a debugger, never for the client.
 */
function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ApiProblem(400, 'JSON decoding error: the request body is not valid JSON', {
      cause,
    });
  }
  return withEmbeddedMerged(value);
}

/**
 * A HAL body's `_embedded` members as fields of its own, as zf-content-negotiation reads
 * them: `{ "title": "…", "_embedded": { "speakers": [1, 2] } }` is `{ "title": "…",
 * "speakers": [1, 2] }`. A member overrides a field of the same name, as there. What the
 * members hold is the resource's to validate.
 */
function withEmbeddedMerged(value: unknown): unknown {
  if (!isRecord(value) || !isRecord(value._embedded)) return value;
  const { _embedded: embedded, ...fields } = value;
  return { ...fields, ...embedded };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `charset` parameter of a media type: its name is case-insensitive, its value may be quoted. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Refuses a body that says it is in another charset than UTF-8, such as
 * `application/json; charset=utf-16`, with a 415: every body is read as UTF-8. JSON defines
 * no charset parameter (RFC 8259 §11), but a client that sends one says how its bytes are
 * meant, and reading UTF-16 or an unknown charset as UTF-8 would store text it never sent.
 * US-ASCII is a subset of UTF-8, and is read as it.
 */
function refuseOtherCharset(contentType: string): void {
  const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'us-ascii') return;
  throw new ApiProblem(415, `The charset "${charset}" is not supported; send the body in UTF-8`);
}

/**
 * The body as text. Decoding leniently would turn each invalid byte into U+FFFD, and store
 * a value the client never sent; JSON (RFC 8259 §8.1) and forms are UTF-8, so such bytes
 * are the client's mistake.
 */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (cause) {
    throw new ApiProblem(400, 'The request body is not valid UTF-8', { cause });
  }
}

/** A form's fields as an object: a key sent several times holds the list of its values. */
export function formToObject<T>(form: Iterable<[string, T]>): Record<string, T | T[]> {
  // Collect in a Map: on a plain object, keys such as `constructor` or `__proto__` would
  // find Object.prototype's members as earlier values. fromEntries defines own properties.
  const values = new Map<string, T[]>();
  for (const [key, value] of form) values.set(key, [...(values.get(key) ?? []), value]);
  return Object.fromEntries(
    [...values].map(([key, list]) => [key, list.length === 1 ? (list[0] as T) : list]),
  );
}
