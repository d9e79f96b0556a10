import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "the items of `GET /speaker` are the speakers with their talks' ids, not their talks",
  mistake:
    'fetchAll reads every speaker at once and presents each as the entity does, talks and all: 76 speakers and a query for the talks of each, for a page of 25',
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
      replace: `    const { items } = this.catalogue.speakers.list({ offset: 0, limit: 1000 });
    return items.map((speaker) => this.present(speaker));`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
