import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Every `href` is an absolute URL built from the request',
  mistake:
    "builds the root's links from the prefix alone, so its templates are paths such as /speaker{?page}",
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `const base = \`\${request.url.origin}\${request.basePath}\`;`,
      replace: 'const base = request.basePath;',
    },
  ],
  hint: 1,
} satisfies LessonMutant;
