import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`fetch` returns the entity, or `undefined` for the `404 Entity not found.`',
  mistake:
    'fetch spreads whatever the catalogue found and adds the talks, so an id nobody has is still an object',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `    const speaker = this.catalogue.speakers.fetch(Number(id));
    return speaker && this.present(speaker);`,
      replace: `    const speaker = this.catalogue.speakers.fetch(Number(id));
    return { ...speaker, talks: this.talksOf(Number(id)) };`,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
