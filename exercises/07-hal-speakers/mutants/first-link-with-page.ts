import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`first` carries no page parameter; `self` and `last` do;',
  mistake: 'gives url() one shape for every page, so the first link reads ?page=1',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `url: (number) =>\n        number === undefined ? \`\${base}/speaker\` : \`\${base}/speaker?page=\${number}\`,`,
      replace: `url: (number) => \`\${base}/speaker?page=\${number ?? 1}\`,`,
    },
  ],
  hint: 11,
} satisfies LessonMutant;
