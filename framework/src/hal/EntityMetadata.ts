import type { Link } from './Link.ts';

/**
 * How to render one kind of entity as HAL, as a zf-hal metadata map entry says it.
 *
 * @example
 * ```ts
 * const speaker: EntityMetadata = {
 *   route: 'speaker',
 *   embedded: { talks: 'talk' },
 *   hidden: ['twitter'],
 *   links: (entity): Record<string, Link> =>
 *     entity.twitter
 *       ? { twitter: { href: `https://twitter.com/${entity.twitter}` } }
 *       : {},
 * };
 * ```
 *
 * @category HAL
 */
export interface EntityMetadata {
  /** The name of the route whose URI is the entity's self link. */
  route: string;
  /** The field of the entity holding its identifier; `id` by default. */
  identifier?: string;
  /** The route parameter the identifier fills; the same as `identifier` by default. */
  routeIdentifier?: string;
  /**
   * The route's other parameters, such as `day` in `/day/{day}/talk/{talk_id}`: links take
   * them from the parameters the request's own route matched, as zf-hal reuses the route
   * match, so the talks of day 2 link to talks of day 2.
   */
  matchedParams?: readonly string[];
  /** Fields holding related entities to embed, by field name → entity kind. */
  embedded?: Readonly<Record<string, string>>;
  /**
   * Fields holding identifiers (or entities) of related entities to link to, by field name
   * → entity kind: the field becomes a relation of that name with one link per entity.
   * A field both linked and embedded links wherever the entity appears, and embeds when it
   * holds entities rather than identifiers: a summary in a collection can carry the
   * identifiers only, and a client still finds the relation.
   */
  linked?: Readonly<Record<string, string>>;
  /** Fields the `links` hook turns into links, left out of the rendered state. */
  hidden?: readonly string[];
  /**
   * More links computed from the entity, such as a profile on another site.
   *
   * @param entity - the entity being rendered, hidden fields included
   * @param uri - builds the self URL of another entity, to link to it
   */
  links?: (
    entity: Readonly<Record<string, unknown>>,
    uri: EntityUri,
  ) => Record<string, Link | Link[]>;
}

/**
 * Builds the absolute self URL of an entity of some kind: what `links` hooks use to link to others.
 *
 * @param kind - the entity kind, as the metadata map names it
 * @param entity - the entity, or at least its identifier
 *
 * @category HAL
 */
export type EntityUri = (kind: string, entity: Readonly<Record<string, unknown>>) => string;
