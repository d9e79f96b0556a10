/**
 * The conference catalogue: a SQLite database of speakers and talks, seeded with an
 * invented conference, and the repositories that read and write it.
 *
 * @packageDocumentation
 */

export type { CatalogueDatabase } from './catalogueDatabase.ts';
export { defaultCataloguePath, defaultTokenDatabasePath } from './defaultCataloguePath.ts';
export { existingSpeakerIds, missingSpeakerIds } from './existingSpeakerIds.ts';
export { createInMemoryCatalogue } from './inMemoryCatalogue.ts';
export { type OpenCatalogueOptions, openCatalogue } from './openCatalogue.ts';
export type { Page, PageRequest } from './page.ts';
export { resetCatalogue } from './resetCatalogue.ts';
export { SpeakerRepository } from './SpeakerRepository.ts';
export { applySchema, SCHEMA_SQL } from './schema.ts';
export {
  CONFERENCE_SEED,
  type ConferenceSeed,
  generateConferenceSeed,
} from './seed/conferenceSeed.ts';
export type { Speaker, SpeakerInput, SpeakerPatch } from './speaker.ts';
export { TalkRepository } from './TalkRepository.ts';
export type { Talk, TalkInput, TalkPatch } from './talk.ts';
export type { TalkSpeakerLink } from './talkSpeakerLink.ts';
export { UnknownSpeakerError } from './UnknownSpeakerError.ts';
