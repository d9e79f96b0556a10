/**
 * Thrown when a talk is linked to speaker ids that do not exist. Nothing has been written
 * when it is thrown, so the API can safely answer 422 Unprocessable Content.
 */
export class UnknownSpeakerError extends Error {
  /** The ids that match no speaker, without repeats, in the order they were given. */
  readonly speakerIds: readonly number[];

  /** @param speakerIds - the ids that match no speaker */
  constructor(speakerIds: readonly number[]) {
    const noun = speakerIds.length === 1 ? 'id' : 'ids';
    super(`No speaker has the ${noun} ${speakerIds.join(', ')}`);
    this.name = 'UnknownSpeakerError';
    this.speakerIds = speakerIds;
  }
}
