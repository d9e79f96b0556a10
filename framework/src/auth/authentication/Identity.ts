/**
 * Who sent a request: a guest (no credentials) or an authenticated identity with a name and
 * roles. Authorization listeners decide with it.
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
  hasRole: (role: string) => role === 'guest',
});

/**
 * The identity of a request whose credentials were verified.
 *
 * @param name - the user or client name the credentials proved
 *
 * @example
 * ```ts
 * const editor = authenticatedIdentity('editor', ['editor']);
 * editor.hasRole('editor'); // true
 * ```
 *
 * @category Authentication
 */
export function authenticatedIdentity(name: string, roles: readonly string[] = []): Identity {
  const frozen = Object.freeze([...roles]);
  return Object.freeze({
    authenticated: true,
    name,
    roles: frozen,
    hasRole: (role: string) => frozen.includes(role),
  });
}
