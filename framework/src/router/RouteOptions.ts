// The options a route takes, declared and checked: configuration gives them as plain data.
/**
 * Options of a route, passed on to the router.
 * @category Routing
 */
export interface RouteOptions {
  /**
   * Regular expressions that restrict what a placeholder matches, e.g.
   * `{ id: '[1-9]\\d{0,14}' }`: a positive integer, written one way only.
   */
  tokens?: Readonly<Record<string, string>>;
  /**
   * The methods the route serves, when its middleware answers the others itself, as a REST
   * resource does ("has not been defined for entities"): the router then hands it every
   * method, any it never heard of (PROPFIND) included, and a 405 lists these in `Allow`.
   */
  allow?: readonly string[];
  /**
   * `false` when the route checks credentials itself, as an OAuth2 token endpoint checks a
   * client's: the authentication middleware then leaves its `Authorization` alone.
   */
  authentication?: false;
  /** The name authorization rules know the route by; its name by default. */
  resource?: string;
  /**
   * An option of the application's router (SPEC 2.1: "other options are router-specific"),
   * which the router declares in its `Router.routeOptions`.
   */
  readonly [option: string]: unknown;
}

/**
 * Route options a router reads beyond the framework's own, each with a test of its value:
 * a router declares them (`Router.routeOptions`) so that routes may carry them.
 * @category Routing
 */
export type RouteOptionRules = Readonly<Record<string, (value: unknown) => boolean>>;

/** The options every route takes, whatever the router, and what each value must be. */
const OPTION_RULES: RouteOptionRules = {
  tokens: (value) => isRecordOf(value, 'string'),
  allow: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  authentication: (value) => value === false,
  resource: (value) => typeof value === 'string',
};

/**
 * Refuses a value of the wrong kind and, once the route is in a router (`routerRules`), an
 * option neither the framework nor that router reads: a typo in configuration
 * (`authenticaton: false`) would otherwise leave a route open without a word. Before then
 * an unknown option waits, since the router it is meant for has not seen the route yet.
 */
export function assertKnownOptions(
  route: string,
  options: RouteOptions,
  routerRules: RouteOptionRules | undefined,
): void {
  for (const [name, value] of Object.entries(options)) {
    const rule = Object.hasOwn(OPTION_RULES, name)
      ? OPTION_RULES[name]
      : routerRules !== undefined && Object.hasOwn(routerRules, name)
        ? routerRules[name]
        : undefined;
    if (rule === undefined) {
      if (routerRules === undefined) continue;
      const known = [...Object.keys(OPTION_RULES), ...Object.keys(routerRules)];
      throw new Error(
        `Route "${route}" has an unknown option "${name}"; the options are ${known.join(', ')}`,
      );
    }
    if (value !== undefined && !rule(value)) {
      throw new Error(`Route "${route}" has an invalid "${name}" option: ${JSON.stringify(value)}`);
    }
  }
}

function isRecordOf(value: unknown, type: 'string'): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((item) => typeof item === type);
}
