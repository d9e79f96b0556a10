import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a loader of pages `(offset, limit) => ({ items, total })`',
  mistake: 'the talks loader passes the page size but starts every page at the first talk',
  edits: [
    {
      file: 'src/Conference/V1/Rest/Talk/TalkResource.ts',
      find: `    return (offset, limit) => {
      const { items, total } = this.#catalogue.talks.list({ offset, limit });`,
      replace: `    return (_offset, limit) => {
      const { items, total } = this.#catalogue.talks.list({ offset: 0, limit });`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
