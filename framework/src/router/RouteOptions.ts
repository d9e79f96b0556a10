// The options a route takes, declared and checked: configuration gives them as plain data.
/**
 * Options of a route, passed on to the router.
 * @category Routing
 */
export interface RouteOptions {
  /** Regular expressions that restrict what a placeholder matches, e.g. `{ id: '\\d+' }`. */
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
}

/** Each route option, and what its value must be: configuration is checked against it. */
const OPTION_RULES: Readonly<Record<keyof RouteOptions, (value: unknown) => boolean>> = {
  tokens: (value) => isRecordOf(value, 'string'),
  allow: (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  authentication: (value) => value === false,
  resource: (value) => typeof value === 'string',
};

/**
 * Refuses an option no one reads, or a value of the wrong kind: a typo in configuration
 * (`authenticaton: false`) would otherwise leave a route open without a word.
 */
export function assertKnownOptions(route: string, options: RouteOptions): void {
  const known = Object.keys(OPTION_RULES);
  for (const [name, value] of Object.entries(options)) {
    const rule = OPTION_RULES[name as keyof RouteOptions];
    if (rule === undefined) {
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
