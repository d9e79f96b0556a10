/**
 * What the framework needs from a dependency container: ask whether a service exists,
 * and get it. {@link ServiceManager} implements it; any container with these two methods
 * (for instance an adapter around another library) works too.
 *
 * @category Container and configuration
 */
export interface Container {
  /**
   * Whether a service of that name can be provided.
   */
  has(name: string): boolean;
  /**
   * The service of that name; throws when there is none.
   */
  get(name: string): unknown;
}
