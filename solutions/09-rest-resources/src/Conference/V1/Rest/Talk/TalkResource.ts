import type { Talk } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import type { Catalogue } from '../../../../database/Catalogue.ts';
import { withRelated } from '../../../withRelated.ts';

/**
 * `/talk` and `/talk/{talk_id}`, version 1: a talk embeds its speakers, and links to each of
 * them wherever the talk appears (in a page of talks too).
 */
export class TalkResource extends Resource {
  readonly #catalogue: Catalogue;

  /**
   * Creates the resource.
   *
   * @param catalogue - the speakers and talks
   */
  constructor(catalogue: Catalogue) {
    super();
    this.#catalogue = catalogue;
  }

  // GET /talk/{talk_id}. The id comes from the URL, as a string; undefined (no such talk) is
  // the framework's 404 `Entity not found.`
  override fetch(id: string): Entity | undefined {
    const talk = this.#catalogue.talks.fetch(Number(id));
    return talk && this.#present(talk);
  }

  // GET /talk: a loader of pages. The framework reads ?page=N and calls it with that page's
  // offset and limit, so only one page is read.
  override fetchAll(): Collection {
    return (offset, limit) => {
      const { items, total } = this.#catalogue.talks.list({ offset, limit });
      // One query for the speakers of the whole page, not one more per talk.
      const speakerIds = this.#catalogue.speakers.speakerIdsOf(items.map((talk) => talk.id));
      return {
        items: items.map((talk) => withRelated(talk, 'speakers', speakerIds.get(talk.id))),
        total,
      };
    };
  }

  // A talk as an entity: its fields, and a plain field holding its speakers, which the rest
  // configuration's `embedded` renders as _embedded.speakers, each speaker with its own self
  // link, and `linked` as a link to each. Each speaker comes with their talks' ids
  // (withRelated), so an embedded speaker links to their talks too.
  #present(talk: Talk): Entity {
    const speakers = this.#catalogue.speakers.speakersOf(talk.id);
    const talkIds = this.#catalogue.talks.talkIdsOf(speakers.map((speaker) => speaker.id));
    const linked = speakers.map((speaker) =>
      withRelated(speaker, 'talks', talkIds.get(speaker.id)),
    );
    return { ...talk, speakers: linked };
  }
}
