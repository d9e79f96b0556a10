/**
 * A listener of an {@link EventManager} event; the manager waits for it when it returns a promise.
 *
 * @param event - the event object, which the listener may change
 *
 * @category Container and configuration
 */
export type Listener<E> = (event: E) => void | Promise<void>;

interface Registration {
  readonly listener: Listener<never>;
  readonly priority: number;
}

/**
 * A small event manager, as in Zend's EventManager: listeners attach to an event name with
 * a priority, and {@link EventManager.trigger} calls them in order, higher priority first,
 * attach order among equals. Listeners talk back by changing the event object they receive.
 *
 * @example
 * ```ts
 * const events = new EventManager();
 * events.on<AuthEvent>('authorization', (event) => {
 *   if (event.privilege === 'DELETE' && !event.identity.hasRole('editor')) {
 *     event.deny();
 *   }
 * });
 * const request = new Request('http://localhost/', { method: 'DELETE' });
 * const event = new AuthEvent(new ServerRequest(request));
 * await events.trigger('authorization', event);
 * event.authorized; // false: a guest is no editor
 * ```
 *
 * @category Container and configuration
 */
export class EventManager {
  readonly #listeners = new Map<string, Registration[]>();

  /**
   * Attaches a listener.
   *
   * @param name - the event name, such as `authorization`
   * @param priority - higher runs earlier; 1 by default
   * @returns a function that detaches the listener again
   */
  on<E>(name: string, listener: Listener<E>, priority = 1): () => void {
    const registration: Registration = { listener, priority };
    const list = [...(this.#listeners.get(name) ?? []), registration];
    // A stable sort keeps attach order among listeners of equal priority.
    this.#listeners.set(
      name,
      list.sort((a, b) => b.priority - a.priority),
    );
    return () => {
      const remaining = (this.#listeners.get(name) ?? []).filter((r) => r !== registration);
      this.#listeners.set(name, remaining);
    };
  }

  /**
   * Whether any listener is attached to the event, so callers can skip building its object.
   */
  has(name: string): boolean {
    return (this.#listeners.get(name)?.length ?? 0) > 0;
  }

  /**
   * Calls every listener of the event in turn, waiting for each. A listener that throws
   * stops the rest, and the error reaches the caller.
   */
  async trigger<E>(name: string, event: E): Promise<void> {
    // A copy, so a listener that detaches itself does not make the loop skip its neighbour.
    for (const { listener } of [...(this.#listeners.get(name) ?? [])]) {
      await (listener as Listener<E>)(event);
    }
  }
}
