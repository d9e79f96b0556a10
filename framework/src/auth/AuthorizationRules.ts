/**
 * The methods of one REST resource that need an authenticated identity, per kind of URL.
 *
 * @category Authentication
 */
export interface ResourceRules {
  /** Methods of entity URLs (`/speaker/1`), such as `['PUT', 'PATCH', 'DELETE']`. */
  entity?: readonly string[];
  /** Methods of the collection URL (`/speaker`), such as `['POST']`. */
  collection?: readonly string[];
  /** Methods of RPC actions, by action name. */
  actions?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The `authorization` configuration: rules by service name (the key of the resource's `rest`
 * entry, or an RPC service's name). Everything not named is public.
 *
 * @example
 * ```ts
 * const authorization: AuthorizationConfig = {
 *   'Conference.V1.Speaker': { entity: ['PUT', 'PATCH', 'DELETE'], collection: ['POST'] },
 * };
 * ```
 *
 * @category Authentication
 */
export type AuthorizationConfig = Readonly<Record<string, ResourceRules>>;

/**
 * Which methods of which resources need an authenticated identity. Resources are named as
 * Apigility names them: `<service>::entity`, `<service>::collection`, `<service>::<action>`.
 * Public by default.
 *
 * @example
 * ```ts
 * const rules = AuthorizationRules.fromConfig({
 *   'Conference.V1.Talk': { entity: ['PATCH', 'DELETE'], collection: ['POST'] },
 * });
 * rules.requiresAuthentication('Conference.V1.Talk::collection', 'POST'); // true
 * rules.requiresAuthentication('Conference.V1.Talk::collection', 'GET'); // false
 * ```
 *
 * @see The REST guide:
 * [authentication and authorization](../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class AuthorizationRules {
  readonly #protected = new Map<string, Set<string>>();

  /**
   * Reads the `authorization` configuration.
   *
   * @param config - rules by service name; none makes everything public
   */
  static fromConfig(config: AuthorizationConfig = {}): AuthorizationRules {
    const rules = new AuthorizationRules();
    for (const [service, { entity, collection, actions }] of Object.entries(config)) {
      rules.require(`${service}::entity`, entity ?? []);
      rules.require(`${service}::collection`, collection ?? []);
      for (const [action, methods] of Object.entries(actions ?? {}))
        rules.require(`${service}::${action}`, methods);
    }
    return rules;
  }

  /**
   * Marks methods of a resource as needing an authenticated identity.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param methods - its methods that need an identity, in any case
   */
  require(resource: string, methods: readonly string[]): this {
    if (methods.length === 0) return this;
    const set = this.#protected.get(resource) ?? new Set<string>();
    for (const method of methods) set.add(method.toUpperCase());
    this.#protected.set(resource, set);
    return this;
  }

  /** The resources some rule protects. */
  get resources(): string[] {
    return [...this.#protected.keys()];
  }

  /**
   * Whether the method of the resource needs an authenticated identity.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param method - the HTTP method, upper-case
   */
  requiresAuthentication(resource: string, method: string): boolean {
    return this.#protected.get(resource)?.has(method) ?? false;
  }
}
