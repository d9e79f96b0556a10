/**
 * The conference catalogue: a SQLite database of speakers and talks, seeded with an
 * invented conference, and the repositories that read and write it.
 *
 * @packageDocumentation
 */

export type { CatalogueDatabase } from './catalogue-database.ts';
export { defaultCataloguePath, defaultTokenDatabasePath } from './default-catalogue-path.ts';
export { existingSpeakerIds, missingSpeakerIds } from './existing-speaker-ids.ts';
export { createInMemoryCatalogue } from './in-memory-catalogue.ts';
export { type OpenCatalogueOptions, openCatalogue } from './open-catalogue.ts';
export type { Page, PageRequest } from './page.ts';
export { resetCatalogue } from './reset-catalogue.ts';
export { applySchema, SCHEMA_SQL } from './schema.ts';
export {
  CONFERENCE_SEED,
  type ConferenceSeed,
  generateConferenceSeed,
} from './seed/conference-seed.ts';
export type { Speaker, SpeakerInput, SpeakerPatch } from './speaker.ts';
export { SpeakerRepository } from './speaker-repository.ts';
export type { Talk, TalkInput, TalkPatch } from './talk.ts';
export { TalkRepository } from './talk-repository.ts';
export type { TalkSpeakerLink } from './talk-speaker-link.ts';
export { UnknownSpeakerError } from './unknown-speaker-error.ts';
