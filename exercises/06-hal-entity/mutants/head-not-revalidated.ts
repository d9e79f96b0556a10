import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'A HEAD is a GET without the body, and revalidates alike.',
  mistake:
    'revalidates GET only, testing request.method before holdsCurrent, so a HEAD with a matching If-None-Match gets the 200',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "holdsCurrent(request.headers.get('if-none-match'), tag)",
      replace:
        "request.method === 'GET' && holdsCurrent(request.headers.get('if-none-match'), tag)",
    },
  ],
  hint: 11,
} satisfies LessonMutant;
