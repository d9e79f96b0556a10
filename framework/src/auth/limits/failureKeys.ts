import { createHash } from 'node:crypto';
import { clientNetwork } from '../../http/clientNetwork.ts';

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
 * The key of a client's address: its network as {@link clientNetwork} says (an IPv6 client
 * by its /64). Requests made in-process share one key.
 */
export function addressKey(address: string | undefined): string {
  return address === undefined ? 'in-process' : clientNetwork(address);
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
