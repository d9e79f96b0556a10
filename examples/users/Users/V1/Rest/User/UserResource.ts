import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import { findUser, type StoredUser, USERS } from '../../../userStore.ts';

/**
 * Version 1 of the user resource: `id`, `name`, and the user's contacts embedded in full.
 * Only fetch and fetchAll are defined, so every other method answers a 405 problem.
 */
export class UserResource extends Resource {
  override fetch(id: string): Entity | undefined {
    const user = findUser(id);
    return user && { id: user.id, name: user.name, contacts: user.contactIds.map(contact) };
  }

  override fetchAll(): Collection {
    return USERS.map(({ id, name }) => ({ id, name }));
  }
}

function contact(id: number): Entity {
  const { name } = findUser(String(id)) as StoredUser;
  return { id, name };
}
