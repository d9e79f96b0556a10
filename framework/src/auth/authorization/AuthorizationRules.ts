import { METHODS } from 'node:http';
import { didYouMean } from '../../config/didYouMean.ts';
import {
  type AuthorizationConfig,
  EXAMPLE,
  PUBLIC_EXAMPLE,
  readAuthorizationConfig,
  ruleError,
} from './authorizationConfig.ts';

/**
 * Which methods of which resources need an authenticated identity. Resources are named as
 * Apigility names them: `<service>::entity`, `<service>::collection`, `<service>::<action>`;
 * a route that is none of these by its name. Public by default; with `denyByDefault`, every
 * method needs an identity but those {@link AuthorizationRules.allow} makes public.
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
 * [authentication and authorization](../../../../docs/rest.md#authentication-and-authorization)
 * @category Authentication
 */
export class AuthorizationRules {
  /** The methods rules name, by resource: those needing an identity, or with denyByDefault the public ones. */
  readonly #listed = new Map<string, Set<string>>();
  /** Where the configuration wrote the rule of each resource, for messages that point at it. */
  readonly #written = new Map<string, string>();
  /** Whether every method needs an identity but those listed. */
  readonly denyByDefault: boolean;

  /**
   * Creates rules that protect nothing yet, or, with `denyByDefault`, everything.
   *
   * @param options - `denyByDefault: true` for api-tools' `deny_by_default`: every method
   *   of every route needs an identity, but those {@link AuthorizationRules.allow} names
   */
  constructor(options: { denyByDefault?: boolean } = {}) {
    this.denyByDefault = options.denyByDefault === true;
  }

  /**
   * Reads the `authorization` configuration, refusing any part of it that could not apply:
   * an unknown key (`entities` for `entity`), a method no HTTP client can send (`PATH`), or
   * `HEAD` without `GET`. Each would otherwise leave public what it meant to protect. Whether
   * the names are those of routes is known only once every route is added: see
   * `rulesAgainstRoutes.ts`.
   *
   * @param config - rules by name; none makes everything public
   * @throws Error naming the mistake and what would be right
   */
  static fromConfig(config: AuthorizationConfig = {}): AuthorizationRules {
    const { denyByDefault, lists } = readAuthorizationConfig(config);
    const rules = new AuthorizationRules({ denyByDefault });
    for (const { resource, methods, where } of lists) {
      if (methods.length > 0 && !rules.#written.has(resource)) rules.#written.set(resource, where);
      rules.#list(resource, methods);
    }
    return rules;
  }

  /**
   * Marks methods of a resource as needing an authenticated identity. `GET` protects `HEAD`
   * too: a HEAD answer carries what a GET's would (its `ETag`, its length) but the body.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param methods - its methods that need an identity, in any case
   * @throws Error with denyByDefault (everything needs an identity then), for a method no
   *   HTTP client can send, or `HEAD` without `GET`
   */
  require(resource: string, methods: readonly string[]): this {
    if (this.denyByDefault) {
      throw ruleError(
        `require(${JSON.stringify(resource)}, …) protects methods, but with denyByDefault ` +
          'every method needs an identity already: allow() names those guests may use',
      );
    }
    return this.#list(resource, methods);
  }

  /**
   * With denyByDefault, marks methods of a resource as public: guests may use them. `GET`
   * makes `HEAD` public too.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param methods - its methods that need no identity, in any case
   * @throws Error without denyByDefault (everything is public then), for a method no HTTP
   *   client can send, or `HEAD` without `GET`
   */
  allow(resource: string, methods: readonly string[]): this {
    if (!this.denyByDefault) {
      throw ruleError(
        `allow(${JSON.stringify(resource)}, …) makes methods public, but without ` +
          'denyByDefault every method is public unless require() protects it',
      );
    }
    return this.#list(resource, methods);
  }

  /** The rule to show in a message: one that protects, or with denyByDefault makes public. */
  get #example(): string {
    return this.denyByDefault ? PUBLIC_EXAMPLE : EXAMPLE;
  }

  #list(resource: string, methods: readonly string[]): this {
    if (methods.length === 0) return this;
    const named = methods.map((method) => method.toUpperCase());
    for (const method of named) {
      if (!METHODS.includes(method)) {
        throw ruleError(
          `The rule for ${resource} names "${method}", which is no HTTP method` +
            `${didYouMean(method, METHODS)}`,
          this.#example,
        );
      }
    }
    if (named.includes('HEAD') && !named.includes('GET')) {
      const does = this.denyByDefault ? 'makes both public' : 'protects both';
      throw ruleError(
        `The rule for ${resource} names HEAD without GET. HEAD follows GET: name GET, which ` +
          `${does} (HEAD shows what a GET does, but the body)`,
        this.#example,
      );
    }
    const set = this.#listed.get(resource) ?? new Set<string>();
    for (const method of named) set.add(method);
    if (set.has('GET')) set.add('HEAD');
    this.#listed.set(resource, set);
    return this;
  }

  /** The resources some rule names: protects, or with denyByDefault makes public. */
  get resources(): string[] {
    return [...this.#listed.keys()];
  }

  /** Whether any method of any resource needs an identity. */
  get protectsAny(): boolean {
    return this.denyByDefault || this.#listed.size > 0;
  }

  /**
   * Where the rule for the resource is written, for a message that must point at it:
   * `authorization["Books"].entity` when it came from the configuration.
   *
   * @param resource - the resource, such as `Books::entity`
   */
  whereWritten(resource: string): string {
    return this.#written.get(resource) ?? `the rule for ${resource}`;
  }

  /**
   * The methods a rule names on the resource, upper-case (`HEAD` with `GET`): those it
   * protects, or with denyByDefault those it makes public.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   */
  methodsOf(resource: string): string[] {
    return [...(this.#listed.get(resource) ?? [])];
  }

  /**
   * Whether the method of the resource needs an authenticated identity.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param method - the HTTP method, upper-case
   */
  requiresAuthentication(resource: string, method: string): boolean {
    const listed = this.#listed.get(resource)?.has(method) ?? false;
    return this.denyByDefault ? !listed : listed;
  }
}
