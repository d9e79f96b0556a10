import type { Application } from '../../application/Application.ts';
import { ApplicationEvents } from '../../application/ApplicationEvents.ts';
import { didYouMean } from '../../config/didYouMean.ts';
import type { EventManager } from '../../events/EventManager.ts';
import type { Route } from '../../router/Route.ts';
import type { AuthorizationRules } from './AuthorizationRules.ts';
import { resourceOf } from './resourceOf.ts';

/**
 * Checks the rules against the application's routes when `app.run()` starts the server
 * ({@link ApplicationEvents.SERVER_STARTING}): a rule that cannot apply stops the start, in
 * one line naming the fix. Not sooner: the configuration is read when the application is
 * built, and routes are added after that (a `rest` entry's among them).
 *
 * @param rules - the rules of the `authorization` configuration
 * @param events - the application's events
 */
export function checkRulesAtStart(rules: AuthorizationRules, events: EventManager): void {
  events.on<Application>(ApplicationEvents.SERVER_STARTING, (app) => {
    const problem = ruleProblem(rules, app.routes);
    if (problem !== undefined)
      throw new Error(`${problem}. The server does not start until the rule is fixed.`);
  });
}

/**
 * What makes a rule unable to apply to these routes, naming the rule and its fix; undefined
 * when every rule applies. A rule for a resource no route serves (a misspelt name, or a
 * route's rule written as a REST resource's) or for a method its routes never answer would
 * leave public, without a word, what it meant to protect.
 *
 * @param rules - the rules, each remembering where the configuration wrote it
 * @param routes - every route of the application
 */
export function ruleProblem(
  rules: AuthorizationRules,
  routes: readonly Route[],
): string | undefined {
  const served = routesByResource(routes);
  const mode: Mode = rules.denyByDefault
    ? { verb: 'makes public', done: 'made public', rule: (inner) => `{ public: ${inner} }` }
    : { verb: 'protects', done: 'protected', rule: (inner) => inner };
  for (const resource of rules.resources) {
    const methods = rules.methodsOf(resource);
    const its = served.get(resource);
    const problem =
      its === undefined
        ? notServed(resource, methods, [...served.keys()].sort(), mode)
        : neverAnswered(methods, its);
    if (problem !== undefined) return `${rules.whereWritten(resource)} ${problem}`;
  }
  return rules.denyByDefault ? neverIdentified(rules, routes) : undefined;
}

/**
 * With denyByDefault, a route that opts out of authentication (`authentication: false`, as
 * the OAuth2 token endpoint does) never has an identity: unless public, it refuses every
 * request. Such a route checks its clients itself; its rule must say it is public.
 */
function neverIdentified(rules: AuthorizationRules, routes: readonly Route[]): string | undefined {
  for (const route of routes) {
    if (route.options.authentication !== false) continue;
    const resource = resourceOf(route);
    const methods = (route.methods ?? ['GET', 'POST']).filter((method) => method !== 'HEAD');
    const denied = methods.filter((method) => rules.requiresAuthentication(resource, method));
    if (denied.length === 0) continue;
    return (
      `authorization.denyByDefault refuses ${denied.join(', ')} on the route "${route.name}" to ` +
      'guests, and that route opts out of authentication (authentication: false), so no ' +
      `identity ever reaches it: make it public, ${resource}: { public: { methods: ${listed(denied)} } }`
    );
  }
  return undefined;
}

/** How a message words a rule: one that protects, or with denyByDefault one that makes public. */
interface Mode {
  verb: string;
  done: string;
  /** The rule as written in this mode, from its four keys' part, `{ methods: ['POST'] }`. */
  rule: (inner: string) => string;
}

function routesByResource(routes: readonly Route[]): Map<string, Route[]> {
  const served = new Map<string, Route[]>();
  for (const route of routes) {
    const resource = resourceOf(route);
    served.set(resource, [...(served.get(resource) ?? []), route]);
  }
  return served;
}

/** Why no route serves the resource, and the rule that would name what was meant. */
function notServed(
  resource: string,
  methods: readonly string[],
  served: readonly string[],
  mode: Mode,
): string {
  const [name, part] = nameAndPart(resource);
  const ofName = served.filter((other) => other.startsWith(`${name}::`));
  const protects = `${mode.verb} "${resource}", which no route serves`;
  if (part !== undefined && served.includes(name))
    return `${protects}: ${routeRule(name, methods, mode)}`;
  if (part === undefined && ofName.length > 0)
    return `${mode.verb} the route named "${name}", and there is none: ${serviceRule(name, ofName, methods, mode)}`;
  if (ofName.length > 0) {
    const parts = ofName.map((other) => nameAndPart(other)[1] as string);
    return `${protects}; the routes of "${name}" serve only ${ofName.join(', ')}${didYouMean(part ?? '', parts)}`;
  }
  const names = [...new Set(served.map((other) => nameAndPart(other)[0]))];
  return (
    `${protects}: no route or REST resource is named "${name}"${didYouMean(name, names)}; ` +
    `the routes serve ${served.join(', ') || 'nothing'}`
  );
}

/** For a rule written as a REST resource's or an RPC action's, where the name is a route's. */
function routeRule(name: string, methods: readonly string[], mode: Mode): string {
  return (
    `"${name}" is a route that is no REST resource or RPC action, ${mode.done} by its name: ` +
    `${name}: ${mode.rule(`{ methods: ${listed(methods)} }`)}`
  );
}

/** For a route's rule, where the name is a REST resource's or an RPC service's. */
function serviceRule(
  name: string,
  ofName: readonly string[],
  methods: readonly string[],
  mode: Mode,
): string {
  const [, first = ''] = nameAndPart(ofName[0] as string);
  const rule =
    first === 'entity' || first === 'collection'
      ? `${first}: ${listed(methods)}`
      : `actions: { ${first}: ${listed(methods)} }`;
  return (
    `the routes of "${name}" serve ${ofName.join(', ')}, ${mode.done} by kind of URL or by ` +
    `action, such as ${name}: ${mode.rule(`{ ${rule} }`)}`
  );
}

/** The methods a rule names that no route of its resource answers, with what they answer. */
function neverAnswered(methods: readonly string[], routes: readonly Route[]): string | undefined {
  const answered = methodsAnswered(routes);
  if (answered === undefined) return undefined;
  const never = methods.filter((method) => !answered.has(method));
  if (never.length === 0) return undefined;
  return (
    `names ${never.join(', ')}, which its routes never answer (they answer ` +
    `${[...answered].join(', ') || 'nothing'}): name only methods a route answers`
  );
}

/**
 * The methods some route answers, HEAD with GET; `undefined` when one takes every method
 * (no method list, or a REST resource's, which answers those it lacks with its own 405).
 */
function methodsAnswered(routes: readonly Route[]): Set<string> | undefined {
  const answered = new Set<string>();
  for (const route of routes) {
    if (route.methods === undefined || route.options.allow !== undefined) return undefined;
    for (const method of route.methods) answered.add(method);
    if (answered.has('GET')) answered.add('HEAD');
  }
  return answered;
}

/** `Books::entity` as `['Books', 'entity']`; a route's own name, such as `ping`, has no part. */
function nameAndPart(resource: string): [string, string | undefined] {
  const at = resource.indexOf('::');
  return at < 0 ? [resource, undefined] : [resource.slice(0, at), resource.slice(at + 2)];
}

/** The methods as a rule lists them: `['GET', 'POST']`, leaving out the HEAD that GET implies. */
function listed(methods: readonly string[]): string {
  const written = methods.filter((method) => method !== 'HEAD' || !methods.includes('GET'));
  return `[${written.map((method) => `'${method}'`).join(', ')}]`;
}
