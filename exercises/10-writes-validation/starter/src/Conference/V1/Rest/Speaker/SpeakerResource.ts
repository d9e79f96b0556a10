import type { Speaker, Talk } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import type { Catalogue } from '../../../../database/Catalogue.ts';
import { withRelated } from '../../../withRelated.ts';

/**
 * `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks, and links
 * to each of them wherever the speaker appears (in a page of speakers too).
 */
export class SpeakerResource extends Resource {
  /** The catalogue it reads, and soon writes. */
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

  override fetch(id: string): Entity | undefined {
    const speaker = this.catalogue.speakers.fetch(Number(id));
    return speaker && this.present(speaker);
  }

  override fetchAll(): Collection {
    return (offset, limit) => {
      const { items, total } = this.catalogue.speakers.list({ offset, limit });
      // One query for the talks of the whole page, not one more per speaker.
      const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));
      return {
        items: items.map((speaker) => this.summarise(speaker, talkIds.get(speaker.id) ?? [])),
        total,
      };
    };
  }

  // TODO: the writes, POST on the collection and PUT, PATCH and DELETE on a speaker, each
  // validating the body before it writes, and answering as fetch does. TalkResource is
  // given with its four writes, the worked example: a talk's writes are the same lesson
  // over again, so you write the speaker's only. Which methods of Resource they are, and
  // what each returns: the README's concepts.

  /** A speaker as an entity: their fields and their talks, to embed and link. */
  protected present(speaker: Speaker): Entity {
    return { ...speaker, talks: this.talksOf(speaker.id) };
  }

  /**
   * A speaker as an item of the collection: their fields, and their talks' ids to link.
   *
   * @param speaker - the speaker
   * @param talkIds - the ids of their talks
   */
  protected summarise(speaker: Speaker, talkIds: readonly number[]): Entity {
    return withRelated(speaker, 'talks', talkIds);
  }

  /** The talks of a speaker, each with its speakers' ids: an embedded talk links to them. */
  protected talksOf(speakerId: number): Entity[] {
    const talks: Talk[] = this.catalogue.talks.talksOf(speakerId);
    const speakerIds = this.catalogue.speakers.speakerIdsOf(talks.map((talk) => talk.id));
    return talks.map((talk) => withRelated(talk, 'speakers', speakerIds.get(talk.id)));
  }
}
