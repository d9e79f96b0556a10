import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'never a host or a path written in the code, never a path alone',
  mistake:
    'builds the links of the collection from the prefix alone, so they are paths such as /speaker?page=2, not absolute URLs',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.basePath;',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
