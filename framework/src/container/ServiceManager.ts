import { CircularDependencyError } from './CircularDependencyError.ts';
import type { Container } from './Container.ts';
import { ServiceNotFoundError } from './ServiceNotFoundError.ts';

/**
 * Builds a service; it may ask the container for the services it depends on.
 *
 * @param name - the name the service was asked for by
 *
 * @category Container and configuration
 */
export type Factory = (container: Container, name: string) => unknown;

/**
 * A class whose instances need no constructor arguments.
 *
 * @category Container and configuration
 */
export type Invokable = new () => unknown;

/**
 * The `dependencies` configuration, as in Zend ServiceManager.
 *
 * @category Container and configuration
 */
export interface ServiceConfig {
  /** Ready-made values, such as the `config` service. */
  services?: Readonly<Record<string, unknown>>;
  /** Classes created with `new` and no arguments. */
  invokables?: Readonly<Record<string, Invokable>>;
  /** Functions that build a service. */
  factories?: Readonly<Record<string, Factory>>;
}

/**
 * A class used as a service name: its name stands for it, e.g. `Application`.
 *
 * @param args - whatever its constructor takes: only the class's name is used
 *
 * @category Container and configuration
 */
export type ServiceClass<T> = abstract new (...args: never[]) => T;

/**
 * A small dependency container. Each service is created on first request and shared
 * afterwards, so every part of an application that asks for `Database` gets the same one.
 *
 * @example
 * ```ts
 * class Clock {
 *   now = () => new Date();
 * }
 * const container = new ServiceManager({
 *   services: { config: { greeting: 'Hello' } },
 *   invokables: { Clock },
 *   factories: {
 *     Greeter: (c) => {
 *       const { greeting } = c.get('config') as { greeting: string };
 *       return (name: string) => `${greeting}, ${name}!`;
 *     },
 *   },
 * });
 * container.get(Clock).now(); // the same Clock every time
 * ```
 *
 * @see The framework guide:
 * [configuration and the container](../../../docs/framework.md#configuration-and-the-container)
 * @category Container and configuration
 */
export class ServiceManager implements Container {
  readonly #services = new Map<string, unknown>();
  readonly #invokables: Readonly<Record<string, Invokable>>;
  readonly #factories: Readonly<Record<string, Factory>>;
  readonly #creating: string[] = [];

  /**
   * Creates the ServiceManager.
   */
  constructor(config: ServiceConfig = {}) {
    for (const [name, service] of Object.entries(config.services ?? {}))
      this.#services.set(name, service);
    this.#invokables = config.invokables ?? {};
    this.#factories = config.factories ?? {};
  }

  /**
   * Whether the service exists or can be created.
   *
   * @param name - a service name, or a class whose name is the service name
   */
  has(name: string | ServiceClass<unknown>): boolean {
    const key = keyOf(name);
    return (
      this.#services.has(key) ||
      Object.hasOwn(this.#factories, key) ||
      Object.hasOwn(this.#invokables, key)
    );
  }

  /**
   * The shared instance of a service, created on first request.
   *
   * @param name - a service name, or a class whose name is the service name
   * @throws ServiceNotFoundError when nothing provides it
   */
  get<T>(name: ServiceClass<T>): T;
  get(name: string): unknown;
  get(name: string | ServiceClass<unknown>): unknown {
    const key = keyOf(name);
    if (this.#services.has(key)) return this.#services.get(key);
    const service = this.#create(key);
    this.#services.set(key, service);
    return service;
  }

  /**
   * Sets a ready-made service, replacing any earlier one.
   */
  setService(name: string, service: unknown): this {
    this.#services.set(name, service);
    return this;
  }

  #create(name: string): unknown {
    // Own keys only: a plain object also "has" inherited names like `toString` or `constructor`.
    const factory = Object.hasOwn(this.#factories, name) ? this.#factories[name] : undefined;
    const Invokable = Object.hasOwn(this.#invokables, name) ? this.#invokables[name] : undefined;
    if (!factory && !Invokable) throw new ServiceNotFoundError(name);
    if (this.#creating.includes(name)) {
      throw new CircularDependencyError([...this.#creating, name]);
    }
    this.#creating.push(name);
    try {
      return factory ? factory(this, name) : new (Invokable as Invokable)();
    } catch (cause) {
      if (cause instanceof ServiceNotFoundError || cause instanceof CircularDependencyError)
        throw cause;
      throw new Error(
        `Service "${name}" could not be created: ${(cause as Error)?.message ?? cause}`,
        { cause },
      );
    } finally {
      this.#creating.pop();
    }
  }
}

function keyOf(name: string | ServiceClass<unknown>): string {
  return typeof name === 'string' ? name : name.name;
}
