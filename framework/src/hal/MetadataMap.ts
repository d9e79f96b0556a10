import type { EntityMetadata } from './EntityMetadata.ts';

const MAPS = new WeakMap<object, MetadataMap>();

/**
 * Entity kinds and how to render them: the route of their self link, their identifier,
 * what they embed. Registering a REST resource adds its entity kind here.
 *
 * @example
 * ```ts
 * const metadata = new MetadataMap({
 *   speaker: { route: 'speaker', embedded: { talks: 'talk' } },
 *   talk: { route: 'talk', linked: { speakers: 'speaker' } },
 * });
 * metadata.get('speaker').route; // 'speaker'
 * ```
 *
 * @category HAL
 */
export class MetadataMap {
  readonly #entries = new Map<string, EntityMetadata>();

  /**
   * Creates a map.
   *
   * @param entries - metadata by entity kind
   */
  constructor(entries: Readonly<Record<string, EntityMetadata>> = {}) {
    for (const [kind, metadata] of Object.entries(entries)) this.set(kind, metadata);
  }

  /**
   * The map that belongs to an application, created on first use; resources share it.
   *
   * @param owner - the application, or whatever object the map belongs to
   */
  static of(owner: object): MetadataMap {
    let map = MAPS.get(owner);
    if (!map) {
      map = new MetadataMap();
      MAPS.set(owner, map);
    }
    return map;
  }

  /**
   * Sets (or replaces) the metadata of an entity kind.
   *
   * @param kind - the entity kind, such as `speaker`
   * @param metadata - how entities of that kind render
   */
  set(kind: string, metadata: EntityMetadata): this {
    this.#entries.set(kind, metadata);
    return this;
  }

  /**
   * The metadata of a kind; throws for an unknown kind, since every link would be wrong.
   *
   * @param kind - the entity kind
   */
  get(kind: string): EntityMetadata {
    const metadata = this.#entries.get(kind);
    if (!metadata) throw new Error(`No HAL metadata for entity kind "${kind}"`);
    return metadata;
  }

  /**
   * Whether a kind is known.
   *
   * @param kind - the entity kind
   */
  has(kind: string): boolean {
    return this.#entries.has(kind);
  }
}
