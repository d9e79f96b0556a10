import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Only one page is read: the checks count the rows a page costs on their own catalogue.',
  mistake:
    'returns every speaker as a list and lets the framework cut the page: 241 rows read for 25 speakers',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `    return (offset, limit) => {
      const { items, total } = this.catalogue.speakers.list({ offset, limit });
      // One query for the talks of the whole page, not one more per speaker.
      const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));
      return {
        items: items.map((speaker) => this.summarise(speaker, talkIds.get(speaker.id) ?? [])),
        total,
      };
    };`,
      replace: `    const { items } = this.catalogue.speakers.list({
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
    const talkIds = this.catalogue.talks.talkIdsOf(items.map((speaker) => speaker.id));
    return items.map((speaker) => this.summarise(speaker, talkIds.get(speaker.id) ?? []));`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
