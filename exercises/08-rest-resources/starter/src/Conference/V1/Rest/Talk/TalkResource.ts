import type { Talk } from '@hyperpipe/catalogue';
import { type Entity, Resource } from 'hyperpipe';
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

  // The example: GET /talk/{talk_id}. The id comes from the URL, as a string; undefined
  // (no such talk) is the framework's 404 `Entity not found.`
  override fetch(id: string): Entity | undefined {
    const talk = this.#catalogue.talks.fetch(Number(id));
    return talk && this.#present(talk);
  }

  // TODO: GET /talk, the collection of talks, read one page at a time (see Collection in
  // framework/src/rest/Resource.ts, and the catalogue's talks).

  // A plain field holding the speakers: the rest configuration's `embedded` renders it
  // as _embedded.speakers, each speaker with its own self link.
  #present(talk: Talk): Entity {
    return { ...talk, speakers: this.#catalogue.speakers.speakersOf(talk.id) };
  }
}
