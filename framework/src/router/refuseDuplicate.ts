import type { Route } from './Route.ts';

/**
 * Refuses a route that would shadow one already added: the same name, or the same path
 * with a method in common. The same path for other methods is fine, e.g. GET and POST
 * `/user` with different middleware; a route without a method list shares every method
 * with any other non-empty list. The table hands over only the routes that could clash,
 * found by name and by path, so adding a route costs the same among 10 routes or 10,000.
 *
 * @param named - the route that holds the new route's name, if any
 * @param samePath - the routes of the new route's path
 */
export function refuseDuplicate(
  route: Route,
  named: Route | undefined,
  samePath: readonly Route[],
): void {
  if (named) {
    throw new Error(
      `A route named "${route.name}" already exists: ${describeRoute(named)}, added first. ` +
        `The new ${describeRoute(route)} cannot take its name. If it replaces the old one, ` +
        `remove the old registration; otherwise give the new one another name.`,
    );
  }
  const clash = samePath.find((other) => sharesMethod(other, route));
  if (clash) {
    const answers = clash.methods === undefined ? 'every method' : clash.methods.join(', ');
    throw new Error(
      `Duplicate route: "${route.path}" already answers ${answers}; ` +
        `a path may be registered again only for other methods`,
    );
  }
}

/** A route as messages show it: `GET,POST /speaker`, or `any method /speaker`. */
function describeRoute(route: Route): string {
  return `${route.methods === undefined ? 'any method' : route.methods.join(',') || 'no method'} ${route.path}`;
}

function sharesMethod(a: Route, b: Route): boolean {
  if (a.methods === undefined) return b.methods === undefined || b.methods.length > 0;
  if (b.methods === undefined) return a.methods.length > 0;
  return a.methods.some((method) => b.methods?.includes(method));
}
