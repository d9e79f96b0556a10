import type { Route } from '../router/Route.ts';

/**
 * Refuses a route that would shadow one already added: the same name, or the same path
 * with a method in common. The same path for other methods is fine, e.g. GET and POST
 * `/user` with different middleware. A route without a method list shares every method
 * with any other non-empty list.
 */
export class DuplicateRouteDetector {
  readonly #routes: Route[] = [];
  readonly #names = new Set<string>();

  /** The routes accepted so far, in order. */
  get routes(): readonly Route[] {
    return this.#routes;
  }

  /** Accepts the route, or throws naming the conflict. */
  add(route: Route): void {
    if (this.#names.has(route.name)) {
      throw new Error(`A route named "${route.name}" already exists; give this one another name`);
    }
    const clash = this.#routes.find(
      (other) => other.path === route.path && intersects(other, route),
    );
    if (clash) {
      throw new Error(
        `Duplicate route: "${route.path}" already answers ${describe(clash)}; ` +
          `a path may be registered again only for other methods`,
      );
    }
    this.#routes.push(route);
    this.#names.add(route.name);
  }
}

function intersects(a: Route, b: Route): boolean {
  if (a.methods === undefined) return b.methods === undefined || b.methods.length > 0;
  if (b.methods === undefined) return a.methods.length > 0;
  return a.methods.some((method) => b.methods?.includes(method));
}

function describe(route: Route): string {
  return route.methods === undefined ? 'every method' : route.methods.join(', ');
}
