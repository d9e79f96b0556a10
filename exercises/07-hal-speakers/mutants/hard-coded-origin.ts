import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a link must lead back to the server that wrote it, whatever host and prefix the client used',
  mistake:
    'writes the links of the collection with the origin of the local server, http://localhost:8080',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: `const base = \`http://localhost:8080\${request.basePath}\`;`,
    },
  ],
  hint: 11,
} satisfies LessonMutant;
