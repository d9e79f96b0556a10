/**
 * Raised when building a service needs, somewhere down the line, that same service.
 *
 * @example
 * ```ts
 * const container = new ServiceManager({
 *   factories: { A: (c) => c.get('B'), B: (c) => c.get('A') },
 * });
 * container.get('A'); // throws: Circular dependency: A -> B -> A
 * ```
 *
 * @category Container and configuration
 */
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
