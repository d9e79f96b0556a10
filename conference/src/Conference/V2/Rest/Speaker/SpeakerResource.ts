import type { Speaker } from '@hyperpipe/catalogue';
import type { Link } from 'hyperpipe/hal';
import type { Entity } from 'hyperpipe/rest';
import { validate } from '../../../../validation/validate.ts';
import { SpeakerResource as SpeakerResourceV1 } from '../../../V1/Rest/Speaker/SpeakerResource.ts';
import { speakerInputV2 } from '../../../V1/Rest/Speaker/speakerInput.ts';

/**
 * `/v2/speaker`, version 2. What changes is the representation: `twitter` becomes a
 * `twitter` link to the profile, and every speaker carries a `talk_count`. Writes work as
 * in version 1, but for one thing: a PUT that leaves `twitter` out keeps it, for version 2
 * never shows it as a field (see `speakerInputV2`).
 */
export class SpeakerResource extends SpeakerResourceV1 {
  override update(id: string, data: unknown): Entity | undefined {
    const input = validate(speakerInputV2, data);
    const current = this.catalogue.speakers.fetch(Number(id));
    if (current === undefined) return undefined;
    const twitter = input.twitter === undefined ? current.twitter : input.twitter;
    const speaker = this.catalogue.speakers.update(Number(id), { ...input, twitter });
    return speaker && this.present(speaker);
  }

  protected override present(speaker: Speaker): Entity {
    const talks = this.talksOf(speaker.id);
    return { ...speaker, talk_count: talks.length, talks };
  }

  // A page counts the talks of its speakers from the ids version 1 links to: no more queries.
  protected override summarise(speaker: Speaker, talkIds: readonly number[]): Entity {
    return { ...super.summarise(speaker, talkIds), talk_count: talkIds.length };
  }
}

/** The `twitter` link of a version 2 speaker, for the resource's HAL metadata. */
export function twitterLink(speaker: Readonly<Record<string, unknown>>): Record<string, Link> {
  const handle = speaker.twitter;
  if (typeof handle !== 'string' || handle === '') return {};
  return {
    twitter: {
      href: `https://twitter.com/${encodeURIComponent(handle.replace(/^@/, ''))}`,
      title: handle,
    },
  };
}
