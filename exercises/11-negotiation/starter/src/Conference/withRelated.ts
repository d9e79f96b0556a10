import type { Entity } from 'hyperpipe/rest';

/**
 * The entity with the ids of its related entities in `field`, for the links the `rest`
 * configuration's `linked` makes of them: a speaker in a collection, or embedded in a talk,
 * still links to each of its talks, so a client finds them without fetching the speaker.
 *
 * An empty list is left out: the field is embedded too, and an empty list would read as
 * entities to embed. Without it, the relation still shows, as an empty list of links.
 *
 * @param entity - the entity's fields
 * @param field - the relation, such as `talks`
 * @param ids - the ids of the related entities
 */
export function withRelated(entity: object, field: string, ids: readonly number[] = []): Entity {
  return ids.length === 0 ? { ...entity } : { ...entity, [field]: ids };
}
