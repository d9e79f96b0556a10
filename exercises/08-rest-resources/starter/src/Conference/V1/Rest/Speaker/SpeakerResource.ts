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

  // TODO: the two methods of a read-only resource, after the example of TalkResource
  // (every method the resource leaves out answers its 405 by itself):
  // - fetch(id): the speaker, this.catalogue.speakers.fetch(Number(id)), with a `talks`
  //   field, this.catalogue.talks.talksOf(speaker.id), or undefined for a 404;
  // - fetchAll(): a loader of pages, (offset, limit) => ({ items, total }), from
  //   this.catalogue.speakers.list({ offset, limit }). The items are the speakers alone,
  //   without their talks.
}
