import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`src/root/ApiRoot.ts`: the API root, its links built from the request.',
  mistake: "writes the root's links with the origin of the local server, http://localhost:8080",
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: `const base = \`http://localhost:8080\${request.basePath}\`;`,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
