import { METHODS } from 'node:http';
import { didYouMean } from '../../config/didYouMean.ts';
import { isMap } from '../../config/mergeConfig.ts';

/**
 * The methods that need an authenticated identity, under one name of the `authorization`
 * configuration: a REST resource's per kind of URL, an RPC service's per action, or a
 * route's that is neither.
 *
 * @category Authentication
 */
export interface ResourceRules {
  /** Methods of a REST resource's entity URLs (`/speaker/1`), such as `['PUT', 'PATCH', 'DELETE']`. */
  entity?: readonly string[];
  /** Methods of a REST resource's collection URL (`/speaker`), such as `['POST']`. */
  collection?: readonly string[];
  /** Methods of RPC actions, by action name: `actions.reset` is the route named `<service>::reset`. */
  actions?: Readonly<Record<string, readonly string[]>>;
  /** Methods of the route of this name, for a route that is no REST resource or RPC action. */
  methods?: readonly string[];
}

/**
 * The `authorization` configuration: rules by name. A REST resource's is the key of its
 * `rest` entry, an RPC service's the part of its routes' names before `::`, any other
 * route's its own name. Everything not named is public, and when `app.run()` starts the
 * server, a rule that names nothing the routes serve stops the start.
 *
 * @example
 * ```ts
 * const authorization: AuthorizationConfig = {
 *   'Conference.V1.Speaker': {
 *     entity: ['PUT', 'PATCH', 'DELETE'],
 *     collection: ['POST'],
 *   },
 *   // the route named 'Stats::reset'
 *   Stats: { actions: { reset: ['POST'] } },
 *   // the route named 'ping'
 *   ping: { methods: ['POST'] },
 * };
 * ```
 *
 * @category Authentication
 */
export type AuthorizationConfig = Readonly<Record<string, ResourceRules>>;

/**
 * Which methods of which resources need an authenticated identity. Resources are named as
 * Apigility names them: `<service>::entity`, `<service>::collection`, `<service>::<action>`;
 * a route that is none of these by its name. Public by default.
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
  readonly #protected = new Map<string, Set<string>>();
  /** Where the configuration wrote the rule of each resource, for messages that point at it. */
  readonly #written = new Map<string, string>();

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
    if (!isMap(config)) throw ruleError('"authorization" must be a map of rules by service name');
    const rules = new AuthorizationRules();
    for (const [service, resourceRules] of Object.entries(config)) {
      const where = `authorization["${service}"]`;
      if (!isMap(resourceRules)) throw ruleError(`${where} must be a map such as ${EXAMPLE}`);
      const { entity, collection, actions, methods, ...unknown } = resourceRules as ResourceRules;
      const [key] = Object.keys(unknown);
      if (key !== undefined) {
        throw ruleError(
          `${where} has an unknown key "${key}"${didYouMean(key, RULE_KEYS)}; its keys are ` +
            `${RULE_KEYS.join(', ')}`,
        );
      }
      rules.#requireAt(`${service}::entity`, entity, `${where}.entity`);
      rules.#requireAt(`${service}::collection`, collection, `${where}.collection`);
      if (actions !== undefined && !isMap(actions))
        throw ruleError(`${where}.actions must map action names to methods`);
      for (const [action, listed] of Object.entries(actions ?? {}))
        rules.#requireAt(`${service}::${action}`, listed, `${where}.actions.${action}`);
      rules.#requireAt(service, methods, `${where}.methods`);
    }
    return rules;
  }

  /** {@link AuthorizationRules.require}, remembering where the configuration wrote the rule. */
  #requireAt(resource: string, methods: unknown, where: string): void {
    const named = methodsOf(methods, where);
    if (named.length > 0 && !this.#written.has(resource)) this.#written.set(resource, where);
    this.require(resource, named);
  }

  /**
   * Marks methods of a resource as needing an authenticated identity. `GET` protects `HEAD`
   * too: a HEAD answer carries what a GET's would (its `ETag`, its length) but the body.
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   * @param methods - its methods that need an identity, in any case
   * @throws Error for a method no HTTP client can send, or `HEAD` without `GET`
   */
  require(resource: string, methods: readonly string[]): this {
    if (methods.length === 0) return this;
    const named = methods.map((method) => method.toUpperCase());
    for (const method of named) {
      if (!METHODS.includes(method)) {
        throw ruleError(
          `The rule for ${resource} names "${method}", which is no HTTP method` +
            `${didYouMean(method, METHODS)}`,
        );
      }
    }
    if (named.includes('HEAD') && !named.includes('GET')) {
      throw ruleError(
        `The rule for ${resource} names HEAD without GET. HEAD follows GET: name GET, which ` +
          'protects both (a rule for HEAD alone would protect nothing a GET does not show)',
      );
    }
    const set = this.#protected.get(resource) ?? new Set<string>();
    for (const method of named) set.add(method);
    if (set.has('GET')) set.add('HEAD');
    this.#protected.set(resource, set);
    return this;
  }

  /** The resources some rule protects. */
  get resources(): string[] {
    return [...this.#protected.keys()];
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
   * The methods a rule protects on the resource, upper-case (`HEAD` with `GET`).
   *
   * @param resource - the resource, such as `Conference.V1.Talk::entity`
   */
  methodsOf(resource: string): string[] {
    return [...(this.#protected.get(resource) ?? [])];
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

const RULE_KEYS = ['entity', 'collection', 'actions', 'methods'];
const EXAMPLE = "{ entity: ['PATCH', 'DELETE'], collection: ['POST'] }";

function ruleError(problem: string): Error {
  return new Error(`${problem}. Nothing is served until the rule is right: ${EXAMPLE}.`);
}

function methodsOf(methods: unknown, where: string): readonly string[] {
  if (methods === undefined) return [];
  if (!Array.isArray(methods) || !methods.every((method) => typeof method === 'string'))
    throw ruleError(`${where} must be a list of HTTP methods, such as ['POST']`);
  return methods;
}
