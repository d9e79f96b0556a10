import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'with its `ETag` and `304` as in step 06',
  mistake:
    "writes the talk's answer without its ETag: no client holds a tag to send back, and every revalidation costs the whole talk",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: "    response.setHeader('etag', tag);\n",
      replace: '',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
