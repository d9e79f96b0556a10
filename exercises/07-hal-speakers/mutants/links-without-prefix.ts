import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Build one base from the request, `request.url.origin` followed by `request.basePath`',
  mistake:
    'builds the links of the collection from the origin alone, so they lose the prefix the application is mounted under',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.url.origin;',
    },
  ],
  hint: 11,
} satisfies LessonMutant;
