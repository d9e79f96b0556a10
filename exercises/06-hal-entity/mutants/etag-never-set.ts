import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Set the header on the response prototype, `response.setHeader('etag', tag)`, before answering",
  mistake:
    'computes the tag and compares If-None-Match with it, but never sets the ETag header, so no client ever holds a tag to send back',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "    response.setHeader('etag', tag);\n",
      replace: '',
    },
  ],
  hint: 8,
} satisfies LessonMutant;
