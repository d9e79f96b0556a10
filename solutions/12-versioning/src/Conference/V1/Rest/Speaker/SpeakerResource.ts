import type { Speaker, Talk } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import type { Catalogue } from '../../../../database/Catalogue.ts';
import { validate } from '../../../../validation/validate.ts';
import { withRelated } from '../../../withRelated.ts';
import { speakerInput, speakerPatch } from './speakerInput.ts';

/**
 * `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks, and links
 * to each of them wherever the speaker appears (in a page of speakers too).
 */
export class SpeakerResource extends Resource {
  /** The catalogue it reads and writes. */
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

  override create(data: unknown): Entity {
    return this.present(this.catalogue.speakers.create(validate(speakerInput, data)));
  }

  override update(id: string, data: unknown): Entity | undefined {
    const speaker = this.catalogue.speakers.update(Number(id), validate(speakerInput, data));
    return speaker && this.present(speaker);
  }

  override patch(id: string, data: unknown): Entity | undefined {
    const speaker = this.catalogue.speakers.patch(Number(id), validate(speakerPatch, data));
    return speaker && this.present(speaker);
  }

  override delete(id: string): boolean {
    return this.catalogue.speakers.delete(Number(id));
  }

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
