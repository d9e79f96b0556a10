import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`UnknownSpeakerError` means nothing was written, and `TalkResource` turns it into a 422 as well',
  mistake:
    "calls the catalogue's create directly, not through #write: a speaker id nobody has is a 500, not the 422 for speakers",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Talk/TalkResource.ts',
      find: 'return this.#present(this.#write(() => this.#catalogue.talks.create(input)));',
      replace: 'return this.#present(this.#catalogue.talks.create(input));',
    },
  ],
  hint: 13,
} satisfies LessonMutant;
