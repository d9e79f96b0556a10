import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Who a failed authentication counts against: the client's address, and the user or OAuth2
 * client its credentials named. Read by {@link AuthenticationLimits}.
 *
 * @category Authentication
 */
export interface AuthenticationAttempt {
  /** The client's address (see `ClientAddresses`); undefined for a request made in-process. */
  readonly address: string | undefined;
  /** The user whose password the credentials claimed to know. */
  readonly user?: string | undefined;
  /** The OAuth2 client whose secret the credentials claimed to know. */
  readonly client?: string | undefined;
}

/** The longest name kept as it is in a key; a longer one is kept as its SHA-256. */
const LONGEST_NAME = 64;

/**
 * The key of a client's address. An IPv6 client counts by its /64 network: one host is
 * usually given a whole /64, and counting each of its 2^64 addresses apart would let it
 * start afresh with every request. Requests made in-process share one key.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined) return 'in-process';
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(plain) === 6 ? `${network64(plain)}/64` : plain;
}

/**
 * The keys of the user and the OAuth2 client an attempt named: `user:editor`,
 * `client:workshop`. A name longer than {@link LONGEST_NAME} characters is replaced by its
 * SHA-256, so that a client sending 12 KB user names stores 50 bytes a key, not 12 KB.
 */
export function principalKeys(attempt: AuthenticationAttempt): string[] {
  const keys: string[] = [];
  if (attempt.client !== undefined) keys.push(`client:${bounded(attempt.client)}`);
  if (attempt.user !== undefined) keys.push(`user:${bounded(attempt.user)}`);
  return keys;
}

function bounded(name: string): string {
  if (name.length <= LONGEST_NAME) return name;
  return `sha256:${createHash('sha256').update(name).digest('base64url')}`;
}

/** The first four groups of an IPv6 address, written out: `2001:db8:0:1`. */
function network64(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}
