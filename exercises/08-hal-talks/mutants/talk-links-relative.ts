import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Its links are absolute URLs built from the request',
  mistake: "builds the talk's links from the mount prefix alone: /talk/3, not http://…/talk/3",
  edits: [
    {
      file: 'src/talk/TalkEntityHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.basePath;',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
