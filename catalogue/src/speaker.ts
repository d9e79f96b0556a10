/** A row of the `speakers` table. */
export interface Speaker {
  /** The primary key. */
  id: number;
  /** The speaker's name as they write it, in any script (at most 80 characters). */
  name: string;
  /** An https address of the speaker's web site (at most 255 characters), if they have one. */
  url: string | null;
  /** The speaker's Twitter handle, such as `@hanako`, if they have one. */
  twitter: string | null;
}

/**
 * The fields of a speaker a client supplies to create or replace one.
 *
 * Omitted optional fields are stored as NULL, which is what "replace" means.
 */
export interface SpeakerInput {
  /** The speaker's name; required because the column is NOT NULL. */
  name: string;
  /** See {@link Speaker.url}. */
  url?: string | null;
  /** See {@link Speaker.twitter}. */
  twitter?: string | null;
}

/** The fields of a speaker to change; omitted fields keep their value, `null` clears one. */
export type SpeakerPatch = Partial<SpeakerInput>;
