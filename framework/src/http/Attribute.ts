/**
 * A typed key for a request attribute.
 *
 * Attributes are looked up by name, so a plain string works too; a key made with
 * {@link attribute} also carries the value's type, so `request.getAttribute(key)` needs no cast.
 *
 * @typeParam T - the type of the value stored under this key
 *
 * @category HTTP
 */
export interface Attribute<T> {
  /** The attribute's name, unique within an application. */
  readonly name: string;
  /** Never set: it only carries `T` for the type checker. */
  readonly valueType?: T;
}

/**
 * Creates a typed attribute key.
 *
 * @param name - the attribute's name, unique within an application
 *
 * @example
 * ```ts
 * interface User {
 *   name: string;
 * }
 * const USER = attribute<User>('user');
 * const request = new ServerRequest(new Request('http://localhost/'));
 * const withUser = request.withAttribute(USER, { name: 'Ada' });
 * withUser.getAttribute(USER)?.name; // 'Ada', typed as string
 * ```
 *
 * @category HTTP
 */
export function attribute<T>(name: string): Attribute<T> {
  return { name };
}
