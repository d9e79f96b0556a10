import type { Link } from './Link.ts';

/** What a relation holds: one link, or a list of them (such as `contacts`). */
export type LinkRelation = Link | Link[];

/**
 * A HAL resource: its state, its `_links` by relation, and the resources it embeds.
 * `toJSON()` gives the `application/hal+json` document.
 */
export class HalResource {
  /** The resource's own fields, such as `id` and `name`. */
  readonly state: Readonly<Record<string, unknown>>;
  /** Links by relation. */
  readonly links: Record<string, LinkRelation> = {};
  /** Embedded resources by name: one, or a list. */
  readonly embedded: Record<string, HalResource | HalResource[]> = {};

  /**
   * Creates a resource.
   *
   * @param state - its fields; `_links` and `_embedded` are reserved and dropped
   * @param self - the URL of its `self` link, if known
   */
  constructor(state: Readonly<Record<string, unknown>> = {}, self?: string) {
    const { _links: _ignoredLinks, _embedded: _ignoredEmbedded, ...fields } = state;
    this.state = fields;
    if (self !== undefined) this.links.self = { href: self };
  }

  /** Adds a link. A relation linked twice holds a list. */
  addLink(relation: string, link: Link | string): this {
    const added = typeof link === 'string' ? { href: link } : link;
    const existing = this.links[relation];
    if (existing === undefined) this.links[relation] = added;
    else this.links[relation] = Array.isArray(existing) ? [...existing, added] : [existing, added];
    return this;
  }

  /** Sets a relation to a list of links, even a list of one or none. */
  setLinks(relation: string, links: readonly (Link | string)[]): this {
    this.links[relation] = links.map((link) => (typeof link === 'string' ? { href: link } : link));
    return this;
  }

  /** Embeds a resource, or a list of resources, under a name. */
  embed(name: string, resource: HalResource | HalResource[]): this {
    this.embedded[name] = resource;
    return this;
  }

  /** The HAL document: `_links`, then the state, then `_embedded` when anything is embedded. */
  toJSON(): Record<string, unknown> {
    const document: Record<string, unknown> = { _links: this.links, ...this.state };
    if (Object.keys(this.embedded).length > 0) document._embedded = this.embedded;
    return document;
  }
}
