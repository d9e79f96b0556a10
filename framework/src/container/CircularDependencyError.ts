/** Raised when building a service needs, somewhere down the line, that same service. */
export class CircularDependencyError extends Error {
  /**
   * Creates the error.
   *
   * @param chain - the services being built, ending with the one asked for again
   */
  constructor(chain: readonly string[]) {
    super(`Circular dependency: ${chain.join(' -> ')}`);
    this.name = 'CircularDependencyError';
  }
}
