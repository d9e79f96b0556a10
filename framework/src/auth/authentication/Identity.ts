/**
 * Who sent a request: a guest (no credentials) or an authenticated identity with a name and
 * roles, a user or an OAuth2 client acting for itself. Authorization listeners decide with it.
 *
 * @category Authentication
 */
export interface Identity {
  /** Whether credentials proved who this is. */
  readonly authenticated: boolean;
  /** The user or client name; `guest` for a guest. */
  readonly name: string;
  /** The roles of the identity, such as `editor`. */
  readonly roles: readonly string[];
  /**
   * Whether this is an OAuth2 client acting for itself, with a `client_credentials` token:
   * it proved who it is, but it is no user, and what the rules reserve for an identity it
   * may not do (a 403) unless a listener allows it.
   */
  readonly client: boolean;
  /**
   * Whether the identity has the role.
   */
  hasRole(role: string): boolean;
}

/**
 * The identity of a request without credentials.
 *
 * @example
 * ```ts
 * GUEST.hasRole('guest'); // true
 * GUEST.authenticated; // false
 * ```
 *
 * @category Authentication
 */
export const GUEST: Identity = Object.freeze({
  authenticated: false,
  name: 'guest',
  roles: Object.freeze(['guest']),
  client: false,
  hasRole: (role: string) => role === 'guest',
});

/**
 * The identity of a request whose credentials were verified.
 *
 * @param name - the user or client name the credentials proved
 * @param client - whether they proved an OAuth2 client acting for itself rather than a user
 *
 * @example
 * ```ts
 * const editor = authenticatedIdentity('editor', ['editor']);
 * editor.hasRole('editor'); // true
 * ```
 *
 * @category Authentication
 */
export function authenticatedIdentity(
  name: string,
  roles: readonly string[] = [],
  client = false,
): Identity {
  const frozen = Object.freeze([...roles]);
  return Object.freeze({
    authenticated: true,
    name,
    roles: frozen,
    client,
    hasRole: (role: string) => frozen.includes(role),
  });
}
