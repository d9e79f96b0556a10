import { type Speaker, type Talk, type TalkInput, UnknownSpeakerError } from '@hyperpipe/catalogue';
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

  override create(data: unknown): Entity {
    const input = toTalkInput(validate(talkInput, data));
    return this.#present(this.#write(() => this.#catalogue.talks.create(input)));
  }

  override update(id: string, data: unknown): Entity | undefined {
    const input = toTalkInput(validate(talkInput, data));
    const talk = this.#write(() => this.#catalogue.talks.update(Number(id), input));
    return talk && this.#present(talk);
  }

  override patch(id: string, data: unknown): Entity | undefined {
    const input = toTalkInput(validate(talkPatch, data));
    const talk = this.#write(() => this.#catalogue.talks.patch(Number(id), input));
    return talk && this.#present(talk);
  }

  override delete(id: string): boolean {
    return this.#catalogue.talks.delete(Number(id));
  }

  /** A talk as an entity: its fields and its speakers, each with their talks' ids to link. */
  #present(talk: Talk): Entity {
    const speakers = this.#catalogue.speakers.speakersOf(talk.id);
    const talkIds = this.#catalogue.talks.talkIdsOf(speakers.map((speaker) => speaker.id));
    const embedded = speakers.map((speaker) =>
      this.summariseSpeaker(speaker, talkIds.get(speaker.id) ?? []),
    );
    return { ...talk, speakers: embedded };
  }

  /**
   * A speaker as a talk embeds them: their fields, and their talks' ids to link.
   *
   * @param speaker - the speaker
   * @param talkIds - the ids of their talks
   */
  protected summariseSpeaker(speaker: Speaker, talkIds: readonly number[]): Entity {
    return withRelated(speaker, 'talks', talkIds);
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
