import type { Application } from '../application/Application.ts';
import { isMap } from '../config/mergeConfig.ts';
import type { Container } from '../container/Container.ts';
import { Resource } from './Resource.ts';
import { type ResourceOptions, registerResource } from './registerResource.ts';

/**
 * One entry of the `rest` configuration: where a resource lives, and the service behind it.
 *
 * @category REST resources
 */
export interface RestResourceConfig extends ResourceOptions {
  /** The collection path, such as `/v1/speaker`. */
  path: string;
  /** The name of the service that is the {@link Resource}. */
  resource: string;
}

/**
 * Registers every resource of the `rest` configuration key (a map of name → entry, so
 * that a local file can change one entry) on the application, taking each resource from
 * the container. The entry's name is the service name authorization rules use. Call it after the container built the application.
 *
 * @example
 * ```ts
 * class SpeakerResource extends Resource {}
 * const container = createContainer({
 *   dependencies: { invokables: { SpeakerResource } },
 *   rest: {
 *     'Conference.V1.Speaker': {
 *       path: '/speaker',
 *       resource: 'SpeakerResource',
 *       entity: 'speaker',
 *     },
 *   },
 * });
 * const app = container.get(Application);
 * registerConfiguredResources(app, container);
 * ```
 *
 * @see The REST guide: [REST resources](../../../docs/rest.md#rest-resources)
 * @category REST resources
 */
export function registerConfiguredResources(app: Application, container: Container): void {
  const config = container.has('config') ? container.get('config') : {};
  const rest = isMap(config) ? config.rest : undefined;
  if (rest === undefined) return;
  if (!isMap(rest))
    throw new Error('"rest" must map names to { path, resource, entity, … } entries');
  for (const [name, entry] of Object.entries(rest)) {
    const { path, resource: service, ...options } = entry as RestResourceConfig;
    if (
      typeof path !== 'string' ||
      typeof service !== 'string' ||
      typeof options.entity !== 'string'
    ) {
      throw new Error(
        `Invalid rest entry "${name}": it needs a path, a resource service name and an entity kind`,
      );
    }
    const resource = container.get(service);
    if (!(resource instanceof Resource))
      throw new Error(`Service "${service}" of rest entry "${name}" is not a Resource`);
    registerResource(
      app,
      path,
      resource,
      { service: name, ...options },
      `the "rest" configuration's entry "${name}"`,
    );
  }
}
