import type { AuthEvent } from 'hyperpipe/auth';

/**
 * An `authorization` listener: DELETE is for identities with the role `editor`. Others
 * that are authenticated get 403; guests already need to authenticate (401) by the rules.
 */
export function onlyEditorsDelete(event: AuthEvent): void {
  if (event.privilege === 'DELETE' && !event.identity.hasRole('editor')) event.deny();
}
