import type { AuthEvent } from 'hyperpipe';

/**
 * An `authorization` listener: DELETE is for identities with the role `editor`. Others
 * that are authenticated get 403; guests already need to authenticate (401) by the rules.
 */
export function onlyEditorsDelete(_event: AuthEvent): void {
  // TODO: name the parameter `event`, and deny the request (event.deny()) when it is a
  // DELETE (event.privilege) and the identity (event.identity) lacks the role 'editor'.
}
