import { Resource } from 'hyperpipe/rest';
import type { Catalogue } from '../../../../database/Catalogue.ts';

/**
 * `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks, and links
 * to each of them wherever the speaker appears (in a page of speakers too).
 */
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

  // TODO: what GET /speaker/{speaker_id} and GET /speaker serve, as the given TalkResource
  // does for talks (written for you: the same lesson with the names swapped): one speaker
  // with their talks, each talk with its speakers' ids (or nothing, for a 404), and the
  // collection, read one page at a time, whose items are the speakers with their talks'
  // ids, read in one query for the page (talkIdsOf), not their talks.
  // The given withRelated (src/Conference/withRelated.ts) adds ids to an entity. The
  // methods to override: framework/src/rest/Resource.ts; what the catalogue reads:
  // src/database/Catalogue.ts. Leave the writes out: the resource answers their 405 by
  // itself.
}
