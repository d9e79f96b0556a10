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
  /**
   * With `denyByDefault`, the methods guests may use, in the same four keys: everything
   * else needs an identity (`public: { entity: ['GET'], collection: ['GET'] }`).
   */
  public?: Omit<ResourceRules, 'public'>;
}

/**
 * The `authorization` configuration: rules by name. A REST resource's is the key of its
 * `rest` entry, an RPC service's the part of its routes' names before `::`, any other
 * route's its own name. Everything not named is public, and when `app.run()` starts the
 * server, a rule that names nothing the routes serve stops the start.
 *
 * With `denyByDefault: true` (api-tools' `deny_by_default`), every method of every route
 * needs an identity, and the rules name under `public` what guests may use instead.
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
 * const closed: AuthorizationConfig = {
 *   denyByDefault: true,
 *   'Conference.V1.Speaker': { public: { entity: ['GET'], collection: ['GET'] } },
 *   ping: { public: { methods: ['GET'] } },
 * };
 * ```
 *
 * @category Authentication
 */
export type AuthorizationConfig = {
  /** Every method of every route needs an identity but those a rule's `public` names. */
  readonly denyByDefault?: boolean;
} & Readonly<Record<string, ResourceRules | boolean | undefined>>;

/** One list of methods the configuration names: where, and of which resource. */
export interface RuleList {
  resource: string;
  methods: readonly string[];
  /** Where the configuration wrote it, such as `authorization["Books"].entity`. */
  where: string;
}

/**
 * Reads the `authorization` configuration into lists of methods by resource, refusing any
 * part of it that could not apply: an unknown key (`entities` for `entity`), a list of
 * protected methods beside `denyByDefault` or `public` without it, a `denyByDefault` that is
 * no boolean. Each would otherwise leave public what it meant to protect. Methods are
 * checked by {@link AuthorizationRules}, routes by `rulesAgainstRoutes.ts`.
 *
 * @param config - rules by name, and `denyByDefault`
 * @throws Error naming the mistake and what would be right
 */
export function readAuthorizationConfig(config: AuthorizationConfig): {
  denyByDefault: boolean;
  lists: RuleList[];
} {
  if (!isMap(config)) throw ruleError('"authorization" must be a map of rules by service name');
  const { denyByDefault = false, ...services } = config;
  if (typeof denyByDefault !== 'boolean') {
    throw ruleError(
      `authorization.denyByDefault must be true or false, not ${JSON.stringify(denyByDefault)}`,
    );
  }
  const lists: RuleList[] = [];
  for (const [service, resourceRules] of Object.entries(services)) {
    const where = `authorization["${service}"]`;
    if (typeof resourceRules === 'boolean') {
      // deny_by_default, api-tools' spelling, or a misspelt denyByDefault.
      throw ruleError(
        `${where} is ${resourceRules}, where a rule is a map: to deny by default, write ` +
          `authorization: { denyByDefault: ${resourceRules}, … }`,
      );
    }
    if (!isMap(resourceRules)) throw ruleError(`${where} must be a map such as ${EXAMPLE}`);
    const { public: open, ...protectedRules } = resourceRules as ResourceRules;
    if (!denyByDefault) {
      if (open !== undefined) {
        throw ruleError(
          `${where}.public names methods guests may use, but without denyByDefault every ` +
            `method is public unless a rule protects it: set authorization.denyByDefault to ` +
            `true, or list under ${where} the methods that need an identity`,
        );
      }
      lists.push(...listsOf(service, protectedRules, where, EXAMPLE));
      continue;
    }
    const [key] = Object.keys(protectedRules);
    if (key !== undefined && !RULE_KEYS.includes(key)) {
      throw ruleError(
        `${where} has an unknown key "${key}"${didYouMean(key, ['public'])}; with ` +
          'denyByDefault its one key is public',
        PUBLIC_EXAMPLE,
      );
    }
    if (key !== undefined) {
      throw ruleError(
        `${where}.${key} lists methods that need an identity, but with denyByDefault every ` +
          `method does: name those guests may use under public, such as ` +
          `${service}: { public: { ${key}: […] } } (a list never changes meaning)`,
        PUBLIC_EXAMPLE,
      );
    }
    if (open === undefined) continue;
    if (!isMap(open))
      throw ruleError(`${where}.public must be a map such as ${PUBLIC_EXAMPLE}`, PUBLIC_EXAMPLE);
    lists.push(...listsOf(service, open, `${where}.public`, PUBLIC_EXAMPLE));
  }
  return { denyByDefault, lists };
}

/** One service's four keys at `where`, as lists of methods by resource. */
function listsOf(service: string, rules: object, where: string, example: string): RuleList[] {
  const { entity, collection, actions, methods, ...unknown } = rules as ResourceRules;
  const [key] = Object.keys(unknown);
  if (key !== undefined) {
    throw ruleError(
      `${where} has an unknown key "${key}"${didYouMean(key, RULE_KEYS)}; its keys are ` +
        `${RULE_KEYS.join(', ')}`,
      example,
    );
  }
  if (actions !== undefined && !isMap(actions))
    throw ruleError(`${where}.actions must map action names to methods`, example);
  const of = (resource: string, listed: unknown, at: string): RuleList => ({
    resource,
    methods: methodsOf(listed, at),
    where: at,
  });
  return [
    of(`${service}::entity`, entity, `${where}.entity`),
    of(`${service}::collection`, collection, `${where}.collection`),
    ...Object.entries(actions ?? {}).map(([action, listed]) =>
      of(`${service}::${action}`, listed, `${where}.actions.${action}`),
    ),
    of(service, methods, `${where}.methods`),
  ];
}

const RULE_KEYS = ['entity', 'collection', 'actions', 'methods'];
/** A rule that protects, for messages. */
export const EXAMPLE = "{ entity: ['PATCH', 'DELETE'], collection: ['POST'] }";

/** A rule that makes public, with denyByDefault, for messages. */
export const PUBLIC_EXAMPLE = "{ public: { entity: ['GET'], collection: ['GET'] } }";

/** A configuration error, with what a right rule looks like. */
export function ruleError(problem: string, example = EXAMPLE): Error {
  return new Error(`${problem}. Nothing is served until the rule is right: ${example}.`);
}

function methodsOf(methods: unknown, where: string): readonly string[] {
  if (methods === undefined) return [];
  if (!Array.isArray(methods) || !methods.every((method) => typeof method === 'string'))
    throw ruleError(`${where} must be a list of HTTP methods, such as ['POST']`);
  return methods;
}
