import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`embedded` turns a field such as `talks: [...]` into `_embedded.talks`',
  mistake:
    "leaves `embedded` out of the speaker's entry: the talks come out as a plain field, without self links",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      embedded: { talks: 'Talk' },\n",
      replace: '',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
