import { Application } from './application/Application.ts';
import { ApplicationFactory } from './application/ApplicationFactory.ts';
import { didYouMean } from './config/didYouMean.ts';
import type { Config } from './config/mergeConfig.ts';
import { type ServiceConfig, ServiceManager } from './container/ServiceManager.ts';
import { EventManager } from './events/EventManager.ts';
import { serveOnRun } from './server/serveOnRun.ts';

/**
 * The configuration keys of the optional parts, each with the service that reads it and the
 * config provider that registers that service. Such a key without its provider would be
 * read by nothing: an `authorization` that nobody enforces is an open door.
 */
const PROVIDED_KEYS = [
  {
    key: 'authentication',
    service: 'Authenticator',
    provider: 'authConfigProvider',
    from: 'hyperpipe/auth',
  },
  {
    key: 'authorization',
    service: 'RouteGuard',
    provider: 'authConfigProvider',
    from: 'hyperpipe/auth',
  },
] as const;

/**
 * The container of a configuration-driven application: a {@link ServiceManager} built from
 * the configuration's `dependencies`, with the whole configuration as the `config` service
 * and, unless configured otherwise, {@link ApplicationFactory} building the `Application`,
 * an `EventManager` the application shares, and `serve` (node:http) as the `Runner` that
 * `app.run()` serves with.
 *
 * Only the core: optional parts, such as authentication, add their services through the
 * configuration (`authConfigProvider()` from `hyperpipe/auth`), as Mezzio's config providers
 * do. A key of such a part configured without its provider refuses to start, naming what to
 * add.
 *
 * It sits at the root, above every folder: the one place that names the framework's default
 * services (their factories live beside what they build), so that `container/` depends on
 * none of them.
 *
 * @example
 * ```ts
 * const container = createContainer(await loadConfig('config/autoload'));
 * const app = container.get(Application);
 * ```
 *
 * @param config - the whole configuration, usually from {@link loadConfig}
 * @throws Error when `authentication` or `authorization` is configured without the services
 *   that read it
 *
 * @category Container and configuration
 */
export function createContainer(config: Config): ServiceManager {
  const dependencies = (config.dependencies ?? {}) as ServiceConfig;
  const container = new ServiceManager({
    ...dependencies,
    services: { Runner: serveOnRun, ...dependencies.services, config },
    factories: {
      [Application.name]: ApplicationFactory,
      EventManager: () => new EventManager(),
      ...dependencies.factories,
    },
  });
  refuseMisspeltKeys(config);
  for (const part of PROVIDED_KEYS) {
    if (config[part.key] !== undefined && !container.has(part.service)) {
      throw new Error(
        `"${part.key}" is configured, but no "${part.service}" service reads it: add the ` +
          `config provider of ${part.from} to the configuration, such as a file ` +
          `config/autoload/providers.global.ts holding ` +
          `import { ${part.provider} } from '${part.from}'; export default ${part.provider}();`,
      );
    }
  }
  return container;
}

/**
 * Refuses a top-level key that is a near miss of an optional part's key (`authorisation`,
 * `Authentication`): read by nothing, it would leave every route open without a word. Other
 * keys are the application's own, and stay its business.
 */
function refuseMisspeltKeys(config: Config): void {
  const keys: readonly string[] = PROVIDED_KEYS.map((part) => part.key);
  for (const key of Object.keys(config)) {
    if (keys.includes(key)) continue;
    // Two edits at most: a key of the application's own may well start the same way.
    const meant = didYouMean(key, keys, 2);
    if (meant !== '') {
      throw new Error(
        `Unknown configuration key "${key}"${meant}: nothing reads it, so what it configures would not apply`,
      );
    }
  }
}
