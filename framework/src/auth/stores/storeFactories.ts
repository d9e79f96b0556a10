import { ApplicationEvents } from '../../application/ApplicationEvents.ts';
import type { Container } from '../../container/Container.ts';
import type { Factory } from '../../container/ServiceManager.ts';
import type { EventManager } from '../../events/EventManager.ts';
import { authenticationConfigOf } from '../configOf.ts';
import { SharedStore, type SharedStoreConfig } from './SharedStore.ts';

/**
 * The factory of the stores' one service, `SharedStore`, for `authConfigProvider`: built
 * only when `authentication.store` is configured.
 */
export const storeFactories: Readonly<Record<string, Factory>> = {
  SharedStore: (container: Container) => {
    const store = storeConfig(container);
    if (store === undefined) throw new Error('"authentication.store" is not configured');
    const shared = new SharedStore(store);
    // Its connection would keep the process alive after the server closed.
    (container.get('EventManager') as EventManager).on(ApplicationEvents.SERVER_CLOSED, () =>
      shared.close(),
    );
    return shared;
  },
};

/**
 * The shared store of `authentication.store`, one per container; `undefined` when this
 * machine keeps its own state.
 */
export function sharedStoreOf(container: Container): SharedStore | undefined {
  return storeConfig(container) === undefined
    ? undefined
    : (container.get('SharedStore') as SharedStore);
}

function storeConfig(container: Container): SharedStoreConfig | undefined {
  return authenticationConfigOf(container).store as SharedStoreConfig | undefined;
}
