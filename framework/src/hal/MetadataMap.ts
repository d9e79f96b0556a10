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
 * @see The REST guide: [HAL](../../../docs/rest.md#hal)
 * @category HAL
 */
export class MetadataMap {
  readonly #entries = new Map<string, EntityMetadata>();
  /** Who registered each kind, so a clash or a missing kind can say where to look. */
  readonly #sources = new Map<string, string>();

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
   * Sets the metadata of an entity kind. A kind is registered once: a second registration
   * would silently change every self link of the first (a v2 resource registered as the v1
   * kind re-points v1's links), so it is refused, naming both.
   *
   * @param kind - the entity kind, such as `speaker`
   * @param source - who registers it, for messages: `the "rest" configuration's entry "…"`
   * @throws Error when the kind is already registered
   */
  set(kind: string, metadata: EntityMetadata, source = `route "${metadata.route}"`): this {
    const earlier = this.#sources.get(kind);
    if (earlier !== undefined) {
      throw new Error(
        `HAL metadata for entity kind "${kind}" is registered twice: by ${earlier}, then by ` +
          `${source}. A kind has one route for its self links: give the second its own kind ` +
          `(such as "${kind}V2"), or remove one of the two.`,
      );
    }
    this.#entries.set(kind, metadata);
    this.#sources.set(kind, source);
    return this;
  }

  /**
   * The metadata of a kind; throws for an unknown kind, since every link would be wrong.
   *
   * @throws Error naming the kinds there are, and who registered them
   */
  get(kind: string): EntityMetadata {
    const metadata = this.#entries.get(kind);
    if (!metadata) throw new Error(`No HAL metadata for entity kind "${kind}": ${this.#known()}`);
    return metadata;
  }

  /**
   * Whether a kind is known.
   */
  has(kind: string): boolean {
    return this.#entries.has(kind);
  }

  #known(): string {
    if (this.#sources.size === 0) {
      return 'no kind is registered yet (registering a REST resource registers its entity kind)';
    }
    const kinds = [...this.#sources].map(([kind, source]) => `"${kind}" (by ${source})`);
    return `the kinds registered are ${kinds.join(', ')}. Kinds are case-sensitive.`;
  }
}
