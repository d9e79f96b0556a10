import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import type { EventManager } from '../../events/EventManager.ts';
import type { Route } from '../../router/Route.ts';
import type { Authenticator } from '../authentication/Authenticator.ts';
import { checkSharedStoreAtStart } from '../authentication/sharedStoreAtStart.ts';
import { configOf } from '../configOf.ts';
import { AuthorizationMiddleware } from './AuthorizationMiddleware.ts';
import { AuthorizationRules } from './AuthorizationRules.ts';
import type { AuthorizationConfig } from './authorizationConfig.ts';
import { authorizationGuard } from './authorizationGuard.ts';
import { checkRulesAtStart } from './rulesAgainstRoutes.ts';

/**
 * The factories of authorization's services, for `authConfigProvider`: `AuthorizationRules`,
 * `RouteGuard` and `AuthorizationMiddleware`, built from the `authorization` configuration.
 */
export const authorizationFactories: Readonly<Record<string, Factory>> = {
  // Read when the application is built, so a rule that cannot apply stops the start; checked
  // against the routes when app.run() starts the server, once every route is added.
  AuthorizationRules: (container: Container) => {
    const rules = AuthorizationRules.fromConfig(
      configOf(container).authorization as AuthorizationConfig,
    );
    checkRulesAtStart(rules, container.get('EventManager') as EventManager);
    return rules;
  },
  // Holds authorization in place: with rules configured, no route's middleware runs for a
  // request AuthorizationMiddleware did not judge, wherever it was piped or left out.
  // Built with the application, so it also registers the shared store's checks at start.
  RouteGuard: (container: Container) => {
    const events = container.get('EventManager') as EventManager;
    checkSharedStoreAtStart(container, events);
    return authorizationGuard(
      events,
      (container.get('AuthorizationRules') as AuthorizationRules).protectsAny,
    );
  },
  AuthorizationMiddleware: (container: Container) =>
    new AuthorizationMiddleware(
      container.get('AuthorizationRules') as AuthorizationRules,
      container.get('Authenticator') as Authenticator,
      container.get('EventManager') as EventManager,
      // By name, not by import: the application is built before any request asks for this.
      container.has('Application')
        ? () => (container.get('Application') as { routes: readonly Route[] }).routes
        : undefined,
    ),
};
