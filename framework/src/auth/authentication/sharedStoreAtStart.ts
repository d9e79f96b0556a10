import { ApplicationEvents } from '../../application/ApplicationEvents.ts';
import type { Container } from '../../container/Container.ts';
import type { EventManager } from '../../events/EventManager.ts';
import { authenticationConfigOf } from '../configOf.ts';
import { agreeOnDigestKey } from '../schemes/digest/digestKeyAgreement.ts';
import { sharedStoreOf } from '../stores/storeFactories.ts';

/**
 * Registers what `app.run()` checks of the shared store before it listens: that Redis can be
 * reached with the configured URL (`SharedStore.verify`), and that this machine signs Digest
 * nonces with the key the others use. A mistake stops the start, in one line naming the fix,
 * rather than answer 503 or a stale nonce to every client.
 */
export function checkSharedStoreAtStart(container: Container, events: EventManager): void {
  const store = sharedStoreOf(container);
  if (store === undefined) return;
  const digest = authenticationConfigOf(container).digest as { key?: unknown } | undefined;
  events.on(ApplicationEvents.SERVER_STARTING, async () => {
    await store.verify();
    if (typeof digest?.key === 'string') await agreeOnDigestKey(store, digest.key);
  });
}
