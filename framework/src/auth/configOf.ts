import { isMap } from '../config/mergeConfig.ts';
import type { Container } from '../container/Container.ts';

/** The `config` service of a container, or an empty map when there is none. */
export function configOf(container: Container): Record<string, unknown> {
  const config = container.has('config') ? container.get('config') : {};
  return isMap(config) ? config : {};
}

/**
 * The `authentication` map of the configuration. Each room's factories read their own part
 * of it (`store`, `limits`, a scheme's key) and give that part its type.
 */
export function authenticationConfigOf(container: Container): Record<string, unknown> {
  return (configOf(container).authentication ?? {}) as Record<string, unknown>;
}
