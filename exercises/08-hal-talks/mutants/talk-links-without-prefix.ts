import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the origin it came to and the prefix the application is mounted under',
  mistake:
    "builds the talk's links from the request's origin alone: mounted under a prefix, they lead out of it",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.url.origin;',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
