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

  // TODO: the writes, after the example of TalkResource.update:
  // - create(data): validate(speakerInput, data) (../../../../validation/validate.ts and
  //   ./speakerInput.ts), then this.catalogue.speakers.create(…), answered with this.present.
  // - update(id, data): the same with speakers.update(Number(id), …); undefined is a 404.
  // - patch(id, data): validates with speakerPatch, writes with speakers.patch.
  // - delete(id): answers speakers.delete(Number(id)).

  /** A speaker as an entity: their fields and their talks, to embed. */
  protected present(speaker: Speaker): Entity {
    return { ...speaker, talks: this.catalogue.talks.talksOf(speaker.id) };
  }

  /** A speaker as an item of the collection: their fields only. */
  protected summarise(speaker: Speaker): Entity {
    return { ...speaker };
  }
}
