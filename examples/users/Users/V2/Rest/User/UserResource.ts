import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import { findUser, USERS } from '../../../userStore.ts';

/**
 * Version 2 of the user resource: contacts become a list of `contacts` links (a client
 * follows the ones it needs) and the user gains a `contact_count`.
 */
export class UserResource extends Resource {
  override fetch(id: string): Entity | undefined {
    const user = findUser(id);
    return (
      user && {
        id: user.id,
        name: user.name,
        contact_count: user.contactIds.length,
        contacts: user.contactIds,
      }
    );
  }

  override fetchAll(): Collection {
    return USERS.map(({ id, name, contactIds }) => ({
      id,
      name,
      contact_count: contactIds.length,
      contacts: contactIds,
    }));
  }
}
