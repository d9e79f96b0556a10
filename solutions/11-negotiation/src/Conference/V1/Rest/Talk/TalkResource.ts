import { type Talk, type TalkInput, UnknownSpeakerError } from '@hyperpipe/catalogue';
import { validationProblem } from 'hyperpipe/problem';
import { type Collection, type Entity, Resource } from 'hyperpipe/rest';
import type { Catalogue } from '../../../../database/Catalogue.ts';
import { validate } from '../../../../validation/validate.ts';
import { withRelated } from '../../../withRelated.ts';
import { talkInput, talkPatch } from './talkInput.ts';

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

  override fetch(id: string): Entity | undefined {
    const talk = this.#catalogue.talks.fetch(Number(id));
    return talk && this.#present(talk);
  }

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

  // The writes. Each validates first: a body that breaks a rule throws the 422 before
  // anything is written. Each answers the talk as fetch does, with its speakers, so the
  // ETag of the answer is the one the next GET serves.
  override create(data: unknown): Entity {
    const input = toTalkInput(validate(talkInput, data));
    // The framework answers 201, with a Location equal to the new talk's self link.
    return this.#present(this.#write(() => this.#catalogue.talks.create(input)));
  }

  override update(id: string, data: unknown): Entity | undefined {
    const input = toTalkInput(validate(talkInput, data));
    const talk = this.#write(() => this.#catalogue.talks.update(Number(id), input));
    // No such talk: undefined, which the framework answers with 404 Entity not found.
    return talk && this.#present(talk);
  }

  override patch(id: string, data: unknown): Entity | undefined {
    // talkPatch: every field optional, and at least one named.
    const input = toTalkInput(validate(talkPatch, data));
    const talk = this.#write(() => this.#catalogue.talks.patch(Number(id), input));
    return talk && this.#present(talk);
  }

  override delete(id: string): boolean {
    // false (no such talk) is the 404; true, the 204.
    return this.#catalogue.talks.delete(Number(id));
  }

  /** A talk as an entity: its fields and its speakers, each with their talks' ids to link. */
  #present(talk: Talk): Entity {
    const speakers = this.#catalogue.speakers.speakersOf(talk.id);
    const talkIds = this.#catalogue.talks.talkIdsOf(speakers.map((speaker) => speaker.id));
    const linked = speakers.map((speaker) =>
      withRelated(speaker, 'talks', talkIds.get(speaker.id)),
    );
    return { ...talk, speakers: linked };
  }

  /** Runs a write, turning unknown speaker ids into the 422 problem; the write changed nothing. */
  #write<T>(write: () => T): T {
    try {
      return write();
    } catch (error) {
      if (error instanceof UnknownSpeakerError) throw unknownSpeakers(error.speakerIds);
      throw error;
    }
  }
}

/** The validated body in the catalogue's terms: `speakers` is the list of speaker ids. */
function toTalkInput({
  speakers,
  ...fields
}: { speakers?: number[] | undefined } & Omit<TalkInput, 'speakerIds'>): TalkInput {
  return speakers === undefined ? fields : { ...fields, speakerIds: speakers };
}

function unknownSpeakers(ids: readonly number[]) {
  return validationProblem({ speakers: { notFound: `No speaker has the id ${ids.join(', ')}` } });
}
