import { createHash, hash } from 'node:crypto';

/**
 * A strong entity tag for a representation (RFC 9110 §8.8.3): a digest of its bytes, so it
 * changes exactly when they do, and two servers sharing a database agree on it with nothing
 * stored. SHA-1 stands here for a fingerprint, not for security: no one gains by forging one.
 *
 * The bytes alone name one representation only while a URL sends them with one
 * `Content-Type`; REST resources, which send the same bytes as several media types, tag each
 * with the type too (`hal()` in `rest/ResourceMiddleware.ts`).
 *
 * @param body - the representation, as sent: its text, or the bytes it is sent as
 *
 * @example
 * ```ts
 * const motd = { message: 'Doors open at nine' };
 * // The tag of the very text json(motd) sends: the same text, the same tag.
 * const tag = entityTag(JSON.stringify(motd));
 * ```
 *
 * @category HTTP
 */
export function entityTag(body: string | Uint8Array): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/**
 * A strong entity tag for a representation sent as `mediaType`: a digest of the type and
 * the bytes. A resource that sends the same bytes as HAL, as JSON and as its vendor type
 * has three representations, and strong validators must tell them apart (RFC 9110 §8.8.3):
 * a cache that stored the JSON answer must not revalidate it with the HAL answer's tag.
 *
 * @param mediaType - the `Content-Type` the representation is sent with
 * @param body - the bytes sent
 */
export function representationTag(mediaType: string, body: Uint8Array): string {
  const digest = createHash('sha1').update(mediaType).update('\n').update(body);
  return `"${digest.digest('base64url')}"`;
}

/**
 * Whether an `If-None-Match` field names the representation's tag (or is `*`), so that a
 * GET or HEAD answers 304 Not Modified. The comparison is weak (§13.1.2): `W/"x"` matches
 * `"x"`, since the client only asks whether what it holds is still current.
 *
 * @param field - the request's `If-None-Match`, or `null`
 * @param tag - the tag of the representation the request would get
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.get('/motd', (request, response) => {
 *   const motd = { message: 'Doors open at nine' };
 *   const tag = entityTag(JSON.stringify(motd));
 *   response.setHeader('etag', tag);
 *   // The client holds this very answer: 304, the headers without the body.
 *   const held = request.headers.get('if-none-match');
 *   if (noneMatchFails(held, tag)) return empty(304, response);
 *   return json(motd, response);
 * });
 * ```
 *
 * @category HTTP
 */
export function noneMatchFails(field: string | null, tag: string): boolean {
  if (field === null) return false;
  if (field.trim() === '*') return true;
  return tagsOf(field).some((listed) => opaque(listed) === opaque(tag));
}

/**
 * Whether an `If-Match` field lets a write go ahead (§13.1.1): `*` when there is a current
 * representation, or a list naming its tag. The comparison is strong: a weak tag never
 * matches, since a write must be sure it changes the very bytes the client saw.
 *
 * @param field - the request's `If-Match`
 * @param tag - the tag of the current representation; `undefined` when there is none
 *
 * @category HTTP
 */
export function matchSucceeds(field: string, tag: string | undefined): boolean {
  if (tag === undefined) return false;
  if (field.trim() === '*') return true;
  return tagsOf(field).includes(tag);
}

/** The entity tags of a list such as `"a", W/"b"`; quotes included, as they are compared. */
function tagsOf(field: string): string[] {
  return field.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
