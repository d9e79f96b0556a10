import { Resource } from 'hyperpipe';
import type { Catalogue } from '../../../../database/Catalogue.ts';

/** `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks. */
export class SpeakerResource extends Resource {
  /** The catalogue it reads. */
  protected readonly catalogue: Catalogue;

  /**
   * Creates the resource.
   *
   * @param catalogue - the speakers and talks
   */
  constructor(catalogue: Catalogue) {
    super();
    this.catalogue = catalogue;
  }

  // TODO: what GET /speaker/{speaker_id} and GET /speaker serve, as TalkResource does
  // for talks: one speaker with their talks (or nothing, for a 404), and the collection,
  // read one page at a time, whose items are the speakers alone. The methods to override:
  // framework/src/rest/Resource.ts; what the catalogue reads: src/database/Catalogue.ts.
  // Leave the writes out: the resource answers their 405 by itself.
}
