import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a write answers the entity exactly as `fetch` renders it',
  mistake:
    'answers PATCH /talk/{id} with the talk as the catalogue wrote it, without #present and its speakers: the ETag of the answer names a version GET never serves, so the next If-Match write is refused with 412',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Talk/TalkResource.ts',
      find: `    const talk = this.#write(() => this.#catalogue.talks.patch(Number(id), input));
    return talk && this.#present(talk);`,
      replace: '    return this.#write(() => this.#catalogue.talks.patch(Number(id), input));',
    },
  ],
  hint: 16,
} satisfies LessonMutant;
