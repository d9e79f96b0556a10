import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import { authenticationConfigOf } from '../configOf.ts';
import { sharedStoreOf } from '../stores/storeFactories.ts';
import { AuthenticationLimits, type AuthenticationLimitsOptions } from './AuthenticationLimits.ts';

/** The factory of `AuthenticationLimits`, for `authConfigProvider`. */
export const limitFactories: Readonly<Record<string, Factory>> = {
  // One set of counts for every scheme and the token endpoint: a guess is a guess.
  AuthenticationLimits: (container: Container) =>
    new AuthenticationLimits(
      authenticationConfigOf(container).limits as AuthenticationLimitsOptions | undefined,
      sharedStoreOf(container),
    ),
};
