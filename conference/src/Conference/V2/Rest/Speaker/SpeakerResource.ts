import type { Speaker } from '@hyperpipe/catalogue';
import type { Link } from 'hyperpipe/hal';
import type { Entity } from 'hyperpipe/rest';
import { SpeakerResource as SpeakerResourceV1 } from '../../../V1/Rest/Speaker/SpeakerResource.ts';

/**
 * `/v2/speaker`, version 2. Writes work as in version 1; what changes is the
 * representation: `twitter` becomes a `twitter` link to the profile, and every speaker
 * carries a `talk_count`.
 */
export class SpeakerResource extends SpeakerResourceV1 {
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
