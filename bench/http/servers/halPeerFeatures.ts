// What the feature-equivalent peers (halFastifyPlugins.ts, halHonoMiddleware.ts) share beyond
// the documents: the media types they offer, the problem documents they answer errors with,
// the challenges of a 401 and the check of a Basic password against the conference's user
// file. Each peer wires these into its framework's own plugins or middleware.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import md5 from 'apache-md5';
import bcrypt from 'bcryptjs';
import type { Version } from './halDocuments.ts';

export const HAL = 'application/hal+json';
export const PROBLEM = 'application/problem+json';
export const V2 = 'application/vnd.conference.v2+json';

/**
 * The media types of a speaker or a page, in the conference API's order of preference (the
 * first wins a tie, and is what a client that accepts anything gets).
 */
export const MEDIA_TYPES = [HAL, 'application/json', 'application/vnd.conference.v1+json', V2];

/** The version a negotiated media type asks for. */
export const versionOf = (mediaType: string): Version => (mediaType === V2 ? 2 : 1);

/** The titles of the statuses the peers answer with a problem. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
};

/** An RFC 9457 problem document as the conference API writes it: its keys in its order. */
export function problemBody(status: number, detail: string): string {
  const type = `https://www.rfc-editor.org/rfc/rfc9110#status.${status}`;
  return JSON.stringify({ type, title: TITLES[status] ?? 'Error', status, detail });
}

/** The details of the problems the two routes answer with, as the conference API words them. */
export const DETAILS = {
  notAcceptable: 'Cannot honor Accept type specified',
  badPassword: 'Invalid user name or password',
  noEntity: 'Entity not found.',
  badPage: 'The page must be a positive integer',
  pastLastPage: 'Invalid page provided',
  noRoute: (path: string) => `Nothing is found at ${path}`,
} as const;

/** The headers the conference API's server puts on every answer. */
export const DEFAULT_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/**
 * The `WWW-Authenticate` of a 401: every scheme the conference API accepts, as it lists them,
 * with a fresh nonce. The peers check only Basic credentials (the contract sends no others),
 * but a client must be offered the same choice.
 */
export function challenges(): string {
  const realm = 'realm="conference"';
  const nonce = `nonce="${randomBytes(32).toString('base64url')}"`;
  const digest = (algorithm: string) =>
    `Digest ${realm}, qop="auth", algorithm=${algorithm}, ${nonce}`;
  return [
    `Basic ${realm}, charset="UTF-8"`,
    digest('SHA-256'),
    digest('MD5'),
    `Bearer ${realm}`,
  ].join(', ');
}

const USERS = new Map(
  readFileSync(
    new URL('../../../conference/config/auth/conference.htpasswd', import.meta.url),
    'utf8',
  )
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(':', 2) as [string, string]),
);

/** Whether `password` is the user's, by the bcrypt or Apache MD5 hash of the user file. */
export async function passwordMatches(user: string, password: string): Promise<boolean> {
  const hash = USERS.get(user);
  if (hash === undefined) return false;
  if (hash.startsWith('$apr1$')) return md5(password, hash) === hash;
  return bcrypt.compare(password, hash);
}
