import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "`{?page}` expands to `?page=2`, or to nothing, the first page's URL",
  mistake:
    'writes the page into the URL as ?page={page}, which a client without a page fills in as ?page=',
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `href: \`\${base}/speaker{?page}\``,
      replace: `href: \`\${base}/speaker?page={page}\``,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
