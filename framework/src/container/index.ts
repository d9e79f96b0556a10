/**
 * `hyperpipe/container`: what the container throws, for code that asks it for services and
 * wants to tell a missing service from a broken one. The container itself
 * (`ServiceManager`, `createContainer`) comes from `hyperpipe`.
 *
 * @packageDocumentation
 */

export { CircularDependencyError } from './CircularDependencyError.ts';
export { ServiceNotFoundError } from './ServiceNotFoundError.ts';
