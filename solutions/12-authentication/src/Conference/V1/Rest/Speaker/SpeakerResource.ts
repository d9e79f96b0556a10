import type { Speaker } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe';
import type { Catalogue } from '../../../../database/Catalogue.ts';
import { validate } from '../../../../validation/validate.ts';
import { speakerInput, speakerPatch } from './speakerInput.ts';

/** `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks. */
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
      return { items: items.map((speaker) => this.summarise(speaker)), total };
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

  /** A speaker as an entity: their fields and their talks, to embed. */
  protected present(speaker: Speaker): Entity {
    return { ...speaker, talks: this.catalogue.talks.talksOf(speaker.id) };
  }

  /** A speaker as an item of the collection: their fields only. */
  protected summarise(speaker: Speaker): Entity {
    return { ...speaker };
  }
}
