import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Its links are absolute URLs built from the request, as in steps 06 and 07',
  mistake:
    "writes the talk's links with the origin of the local server, http://localhost:8080, not the request's",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: `const base = \`http://localhost:8080\${request.basePath}\`;`,
    },
  ],
  hint: 4,
} satisfies LessonMutant;
