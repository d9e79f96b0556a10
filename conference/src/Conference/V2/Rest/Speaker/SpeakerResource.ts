import type { Speaker } from '@hyperpipe/catalogue';
import type { Collection, Entity, Link } from 'hyperpipe';
import { SpeakerResource as SpeakerResourceV1 } from '../../../V1/Rest/Speaker/SpeakerResource.ts';

/**
 * `/v2/speaker`, version 2. Writes work as in version 1; what changes is the
 * representation: `twitter` becomes a `twitter` link to the profile, and every speaker
 * carries a `talk_count`.
 */
export class SpeakerResource extends SpeakerResourceV1 {
  protected override present(speaker: Speaker): Entity {
    const talks = this.catalogue.talks.talksOf(speaker.id);
    return { ...speaker, talk_count: talks.length, talks };
  }

  // A page counts the talks of its speakers in one query, not one more query per speaker.
  override fetchAll(): Collection {
    return (offset, limit) => {
      const { items, total } = this.catalogue.speakers.list({ offset, limit });
      const counts = this.catalogue.talks.talkCounts(items.map((speaker) => speaker.id));
      return {
        items: items.map((speaker) => ({ ...speaker, talk_count: counts.get(speaker.id) ?? 0 })),
        total,
      };
    };
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
