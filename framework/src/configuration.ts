/**
 * `hyperpipe/config`: the shapes of configuration, for typing the files of
 * `config/autoload/` and services written by hand. {@link ApplicationConfig} is what
 * `ApplicationFactory` reads (`routes`, `middleware_pipeline`), {@link ServiceConfig} the
 * `dependencies` the container is built from, and {@link mergeConfig} how one file's
 * configuration merges into the next.
 *
 * Its entry sits beside `index.ts` rather than in `config/`: the shapes come from
 * `application/`, `container/` and `config/`, and only the root may import all three.
 *
 * @packageDocumentation
 */

export type {
  ApplicationConfig,
  ConfiguredMiddleware,
  PipelineConstant,
  PipelineEntryConfig,
  RouteConfig,
} from './application/ApplicationFactory.ts';
export { type Config, mergeConfig } from './config/mergeConfig.ts';
export type {
  Factory,
  Invokable,
  ServiceClass,
  ServiceConfig,
} from './container/ServiceManager.ts';
