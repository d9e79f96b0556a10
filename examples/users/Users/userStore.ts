/** A user of the example, as stored: contacts are ids of other users. */
export interface StoredUser {
  id: number;
  name: string;
  contactIds: number[];
}

/** Five users are enough to show three pages of two. */
export const USERS: readonly StoredUser[] = [
  { id: 1, name: 'Ada Okafor', contactIds: [2, 3] },
  { id: 2, name: 'Bruno Lindqvist', contactIds: [1] },
  { id: 3, name: 'Chiara Esposito', contactIds: [1, 4, 5] },
  { id: 4, name: 'Dmitri Volkov', contactIds: [] },
  { id: 5, name: 'Eun-ji Park', contactIds: [3] },
];

/** The stored user with that id, if any. */
export function findUser(id: string): StoredUser | undefined {
  return USERS.find((user) => String(user.id) === id);
}
