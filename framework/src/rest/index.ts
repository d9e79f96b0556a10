/**
 * `hyperpipe/rest`: REST resources. A {@link Resource} says what its entities and collection
 * do (`fetch`, `fetchAll`, `create`, `patch`…); {@link registerResource} gives it an entity
 * route and a collection route, with HAL representations, paging and a 405 for what it does
 * not define; {@link registerConfiguredResources} does that for the `rest` configuration key.
 *
 * @packageDocumentation
 */

export {
  type Awaitable,
  type Collection,
  type Entity,
  notDefined,
  type Page,
  type PageLoader,
  Resource,
} from './Resource.ts';
export {
  type RestResourceConfig,
  registerConfiguredResources,
} from './registerConfiguredResources.ts';
export {
  type ResourceOptions,
  type ResourceRoutes,
  registerResource,
} from './registerResource.ts';
