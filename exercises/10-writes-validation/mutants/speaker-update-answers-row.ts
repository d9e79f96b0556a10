import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a write answers the entity exactly as `fetch` renders it',
  mistake:
    "answers PUT /speaker/{id} with the catalogue's row as it is, without the talks fetch embeds: the ETag of the answer is no version GET ever serves, and the client's next If-Match write is refused with 412",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Speaker/SpeakerResource.ts',
      find: `    const speaker = this.catalogue.speakers.update(Number(id), validate(speakerInput, data));
    return speaker && this.present(speaker);`,
      replace:
        '    return this.catalogue.speakers.update(Number(id), validate(speakerInput, data));',
    },
  ],
  hint: 16,
} satisfies LessonMutant;
