import type { EntityMetadata } from './EntityMetadata.ts';

const MAPS = new WeakMap<object, MetadataMap>();

/**
 * Entity kinds and how to render them: the route of their self link, their identifier,
 * what they embed. Registering a REST resource adds its entity kind here.
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

  /** The map that belongs to an application, created on first use; resources share it. */
  static of(owner: object): MetadataMap {
    let map = MAPS.get(owner);
    if (!map) {
      map = new MetadataMap();
      MAPS.set(owner, map);
    }
    return map;
  }

  /** Sets (or replaces) the metadata of an entity kind. */
  set(kind: string, metadata: EntityMetadata): this {
    this.#entries.set(kind, metadata);
    return this;
  }

  /** The metadata of a kind; throws for an unknown kind, since every link would be wrong. */
  get(kind: string): EntityMetadata {
    const metadata = this.#entries.get(kind);
    if (!metadata) throw new Error(`No HAL metadata for entity kind "${kind}"`);
    return metadata;
  }

  /** Whether a kind is known. */
  has(kind: string): boolean {
    return this.#entries.has(kind);
  }
}
