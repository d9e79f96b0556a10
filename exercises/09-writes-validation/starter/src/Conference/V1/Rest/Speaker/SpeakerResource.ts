import type { Speaker } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe';
import type { Catalogue } from '../../../../database/Catalogue.ts';

/** `/speaker` and `/speaker/{speaker_id}`, version 1: a speaker embeds their talks. */
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
      return { items: items.map((speaker) => this.summarise(speaker)), total };
    };
  }

  // TODO: the writes, POST on the collection and PUT, PATCH and DELETE on a speaker, each
  // validating the body before it writes (TalkResource.update is the example). Which
  // methods of Resource they are, and what each returns: the README's concepts.

  /** A speaker as an entity: their fields and their talks, to embed. */
  protected present(speaker: Speaker): Entity {
    return { ...speaker, talks: this.catalogue.talks.talksOf(speaker.id) };
  }

  /** A speaker as an item of the collection: their fields only. */
  protected summarise(speaker: Speaker): Entity {
    return { ...speaker };
  }
}
