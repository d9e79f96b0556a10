import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`src/root/ApiRoot.ts`: the `talks` and `talk` templates',
  mistake:
    'adds the talk routes but leaves the root as step 07 wrote it: no client finds the talks',
  edits: [
    {
      file: 'src/root/ApiRoot.ts',
      find: `      .addLink('speaker', { href: \`\${base}/speaker/{speaker_id}\`, templated: true })
      .addLink('talks', { href: \`\${base}/talk{?page}\`, templated: true })
      .addLink('talk', { href: \`\${base}/talk/{talk_id}\`, templated: true });`,
      replace: `      .addLink('speaker', { href: \`\${base}/speaker/{speaker_id}\`, templated: true });`,
    },
  ],
  hint: 11,
} satisfies LessonMutant;
