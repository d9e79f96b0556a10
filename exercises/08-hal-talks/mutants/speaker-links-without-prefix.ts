import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "its links built from the request's origin and prefix as the talk's are",
  mistake:
    "builds the speaker's links from the request's origin alone: mounted under a prefix, they lead out of it",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.url.origin;',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
