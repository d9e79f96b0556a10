import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`collectionName`, the key of the page under `_embedded`',
  mistake:
    "leaves collectionName out of the speaker's entry, so the page is under _embedded.speaker, the path's name",
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: "      collectionName: 'speakers',\n",
      replace: '',
    },
  ],
  hint: 7,
} satisfies LessonMutant;
