/**
 * Raised when a container is asked for a service it cannot provide.
 *
 * @example
 * ```ts
 * try {
 *   new ServiceManager().get('Database');
 * } catch (error) {
 *   if (error instanceof ServiceNotFoundError) console.error(error.message);
 * }
 * ```
 *
 * @category Container and configuration
 */
export class ServiceNotFoundError extends Error {
  /**
   * Creates the ServiceNotFoundError.
   */
  constructor(name: string) {
    super(`Service "${name}" is not registered; add it to services, invokables or factories`);
    this.name = 'ServiceNotFoundError';
  }
}
