import type { Speaker } from '@hyperpipe/catalogue';
import type { Entity } from 'hyperpipe/rest';
import { TalkResource as TalkResourceV1 } from '../../../V1/Rest/Talk/TalkResource.ts';

/**
 * `/v2/talk`, version 2. Talks themselves did not change; version 2 has them so that a
 * client of version 2 never leaves it: a version 2 talk embeds and links version 2 speakers,
 * as a version 2 speaker links version 2 talks. Apigility creates a version the same way,
 * with every service of the one before.
 */
export class TalkResource extends TalkResourceV1 {
  // An embedded speaker is a version 2 speaker, who counts their talks wherever they appear.
  protected override summariseSpeaker(speaker: Speaker, talkIds: readonly number[]): Entity {
    return { ...super.summariseSpeaker(speaker, talkIds), talk_count: talkIds.length };
  }
}
