/**
 * `hyperpipe/hal`: HAL documents (`application/hal+json`). A {@link HalResource} is a body
 * with `_links` and `_embedded`; a {@link HalRenderer} builds one from an entity and its
 * {@link MetadataMap} entry, so every representation of a resource carries its links; the
 * collection helpers page a list with `first`, `prev`, `next` and `last` links.
 *
 * @packageDocumentation
 */

export type { EntityMetadata, EntityUri } from './EntityMetadata.ts';
export { HalRenderer, type UriGenerator } from './HalRenderer.ts';
export { HalResource, type LinkRelation } from './HalResource.ts';
export {
  assertPageInRange,
  type CollectionPage,
  halCollection,
  requestedPage,
} from './halCollection.ts';
export { HAL_MEDIA_TYPE, type Link } from './Link.ts';
export { MetadataMap } from './MetadataMap.ts';
