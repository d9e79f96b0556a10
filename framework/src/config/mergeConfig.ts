/**
 * Configuration as files produce it: nested maps, lists and values.
 *
 * @category Container and configuration
 */
export type Config = Record<string, unknown>;

/**
 * Merges `override` into `base`, as Zend's ArrayUtils::merge does: maps merge key by key,
 * recursively; lists append (so two files can each add pipeline entries); any other value
 * in `override` replaces the one in `base`. Neither argument is changed.
 *
 * @example
 * ```ts
 * mergeConfig(
 *   { database: { path: 'data/a.sqlite', timeout: 5 }, pipeline: ['Cors'] },
 *   { database: { path: 'data/b.sqlite' }, pipeline: ['Log'] },
 * );
 * // { database: { path: 'data/b.sqlite', timeout: 5 }, pipeline: ['Cors', 'Log'] }
 * ```
 *
 * @category Container and configuration
 */
export function mergeConfig(base: Config, override: Config): Config {
  const merged: Config = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    if (Array.isArray(current) && Array.isArray(value)) merged[key] = [...current, ...value];
    else if (isMap(current) && isMap(value)) merged[key] = mergeConfig(current, value);
    else merged[key] = value;
  }
  return merged;
}

/**
 * A plain object, as opposed to a list, a class instance or a function.
 *
 * @example
 * ```ts
 * isMap({ a: 1 }); // true
 * isMap([1]); // false
 * isMap(new Date()); // false
 * ```
 *
 * @category Container and configuration
 */
export function isMap(value: unknown): value is Config {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
