import type { Talk } from '@hyperpipe/catalogue';
import { type Collection, type Entity, Resource } from 'hyperpipe';
import type { Catalogue } from '../../../../database/Catalogue.ts';

/** `/talk` and `/talk/{talk_id}`, version 1: a talk embeds its speakers. */
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

  override fetch(id: string): Entity | undefined {
    const talk = this.#catalogue.talks.fetch(Number(id));
    return talk && this.#present(talk);
  }

  override fetchAll(): Collection {
    return (offset, limit) => this.#catalogue.talks.list({ offset, limit });
  }

  #present(talk: Talk): Entity {
    return { ...talk, speakers: this.#catalogue.speakers.speakersOf(talk.id) };
  }
}
