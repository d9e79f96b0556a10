import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A HEAD is a GET without the body, and revalidates alike.',
  mistake:
    'revalidates GET only, testing request.method, so a HEAD with a matching If-None-Match gets the 200',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "noneMatchFails(request.headers.get('if-none-match'), tag)",
      replace:
        "request.method === 'GET' && noneMatchFails(request.headers.get('if-none-match'), tag)",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
