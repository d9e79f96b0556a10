import type { AuthEvent } from 'hyperpipe/auth';

/**
 * An `authorization` listener: DELETE is for identities with the role `editor`. Others
 * that are authenticated get 403; guests already need to authenticate (401) by the rules.
 */
export function onlyEditorsDelete(_event: AuthEvent): void {
  // TODO: refuse a DELETE by anyone but an editor, and nothing else. What the event tells
  // you and lets you do: AuthEvent in the API reference.
}
