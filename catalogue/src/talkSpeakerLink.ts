/** A row of the `talks_speakers` table: one speaker giving one talk. */
export interface TalkSpeakerLink {
  /** The id of the talk. */
  talk_id: number;
  /** The id of a speaker of that talk. */
  speaker_id: number;
}
