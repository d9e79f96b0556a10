import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`templated: true` on the link says the `href` is a template: without it, a client takes `{?page}` for part of the URL.',
  mistake: 'writes the speakers link as a template but leaves templated: true off it',
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `addLink('speakers', { href: \`\${base}/speaker{?page}\`, templated: true })`,
      replace: `addLink('speakers', { href: \`\${base}/speaker{?page}\` })`,
    },
  ],
  hint: 1,
} satisfies LessonMutant;
