import type { Link } from './Link.ts';

/**
 * What a relation holds: one link, or a list of them (such as `contacts`).
 *
 * @category HAL
 */
export type LinkRelation = Link | Link[];

/**
 * A HAL resource: its state, its `_links` by relation, and the resources it embeds.
 * `toJSON()` gives the `application/hal+json` document.
 *
 * @example
 * ```ts
 * const talk = new HalResource(
 *   { id: 7, title: 'Hypermedia' },
 *   'http://localhost/talk/7',
 * );
 * const speakerUrl = 'http://localhost/speaker/1';
 * const speaker = new HalResource({ id: 1, name: 'Ada' }, speakerUrl)
 *   .addLink('talks', 'http://localhost/talk?speaker=1')
 *   .embed('talks', [talk]);
 * const app = createApplication();
 * app.get('/speaker/1', (_request, response) =>
 *   json(speaker, response, HAL_MEDIA_TYPE),
 * );
 * ```
 *
 * @see The REST guide: [HAL](../../../docs/rest.md#hal)
 * @category HAL
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
    // A spread copies faster than a rest pattern, and renderers never pass reserved fields.
    this.state = '_links' in state || '_embedded' in state ? withoutReserved(state) : { ...state };
    if (self !== undefined) this.links.self = { href: self };
  }

  /**
   * Adds a link. A relation linked twice holds a list, except `self`: a resource has one.
   *
   * @param relation - the relation, such as `next`
   * @param link - the link, or just its URL
   * @throws Error for a second `self` link
   */
  addLink(relation: string, link: Link | string): this {
    const added = typeof link === 'string' ? { href: link } : link;
    const existing = this.links[relation];
    if (existing === undefined) this.links[relation] = added;
    else if (relation === 'self') throw secondSelf(existing, [added]);
    else this.links[relation] = Array.isArray(existing) ? [...existing, added] : [existing, added];
    return this;
  }

  /**
   * Sets a relation to a list of links, even a list of one or none. Not `self`, which is
   * one link: {@link HalResource.addLink} adds it.
   *
   * @param relation - the relation, such as `speakers`
   * @param links - the links, or just their URLs
   * @throws Error for `self`
   */
  setLinks(relation: string, links: readonly (Link | string)[]): this {
    const list = links.map((link) => (typeof link === 'string' ? { href: link } : link));
    if (relation === 'self') throw secondSelf(this.links.self, list);
    this.links[relation] = list;
    return this;
  }

  /**
   * Embeds a resource, or a list of resources, under a name.
   *
   * @param name - the name under `_embedded`, such as `talks`
   */
  embed(name: string, resource: HalResource | HalResource[]): this {
    this.embedded[name] = resource;
    return this;
  }

  /**
   * The HAL document: `_links`, then the state, then `_embedded` when anything is embedded,
   * the embedded resources as documents too. Plain objects all the way down let
   * `JSON.stringify` take V8's fast path, which is about twice as fast as calling
   * `toJSON()` on every embedded resource.
   */
  toJSON(): Record<string, unknown> {
    const document: Record<string, unknown> = { _links: this.links, ...this.state };
    let embedded: Record<string, unknown> | undefined;
    for (const name in this.embedded) {
      const resource = this.embedded[name] as HalResource | HalResource[];
      embedded ??= {};
      embedded[name] = Array.isArray(resource) ? resource.map(toDocument) : resource.toJSON();
    }
    if (embedded !== undefined) document._embedded = embedded;
    return document;
  }
}

/**
 * The error for a `self` that would be a list: clients read `_links.self.href`, and a
 * resource is at one URL (HAL: "self" is a single link object).
 */
function secondSelf(existing: LinkRelation | undefined, added: readonly Link[]): Error {
  const hrefs = [existing ?? [], added].flat().map((link) => link.href);
  return new Error(
    `A HAL resource has one self link, not a list (${hrefs.join(', ') || 'none'}): ` +
      'give the other links a relation of their own',
  );
}

function toDocument(resource: HalResource): Record<string, unknown> {
  return resource.toJSON();
}

function withoutReserved(state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { _links: _ignoredLinks, _embedded: _ignoredEmbedded, ...fields } = state;
  return fields;
}
