/** Raised when a container is asked for a service it cannot provide. */
export class ServiceNotFoundError extends Error {
  /**
   * Creates the ServiceNotFoundError.
   * @param name - the service that was asked for
   */
  constructor(name: string) {
    super(`Service "${name}" is not registered; add it to services, invokables or factories`);
    this.name = 'ServiceNotFoundError';
  }
}
