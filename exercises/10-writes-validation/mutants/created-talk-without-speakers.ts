import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'answer the new speaker as an entity, as `fetch` does',
  mistake:
    "answers POST /talk with the catalogue's new talk as it is, without the speakers to embed",
  edits: [
    {
      file: 'src/Conference/V1/Rest/Talk/TalkResource.ts',
      find: 'return this.#present(this.#write(() => this.#catalogue.talks.create(input)));',
      replace: 'return this.#write(() => this.#catalogue.talks.create(input));',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
