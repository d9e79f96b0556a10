import { Application } from './application/Application.ts';
import { ApplicationFactory } from './application/ApplicationFactory.ts';
import { authenticationFactories } from './auth/authenticationFactories.ts';
import type { Config } from './config/mergeConfig.ts';
import { type ServiceConfig, ServiceManager } from './container/ServiceManager.ts';
import { serve } from './server/serve.ts';

/**
 * The container of a configuration-driven application: a {@link ServiceManager} built from
 * the configuration's `dependencies`, with the whole configuration as the `config` service
 * and, unless configured otherwise, {@link ApplicationFactory} building the `Application`,
 * an `EventManager` the application shares, `serve` (node:http) as the `Runner` that
 * `app.run()` serves with, and the authentication services of `authenticationFactories`
 * (built only when something asks for them).
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
 *
 * @category Container and configuration
 */
export function createContainer(config: Config): ServiceManager {
  const dependencies = (config.dependencies ?? {}) as ServiceConfig;
  return new ServiceManager({
    ...dependencies,
    services: { Runner: serve, ...dependencies.services, config },
    factories: {
      [Application.name]: ApplicationFactory,
      ...authenticationFactories,
      ...dependencies.factories,
    },
  });
}
