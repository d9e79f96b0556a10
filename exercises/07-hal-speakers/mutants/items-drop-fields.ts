import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`{ ...speaker }` copies its fields into the plain record `HalResource` takes',
  mistake: 'embeds each speaker of the page with its id and name only, leaving url and twitter out',
  edits: [
    {
      file: 'src/speaker/SpeakerCollectionHandler.ts',
      find: `(speaker) => new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`),`,
      replace: `(speaker) =>\n          new HalResource({ id: speaker.id, name: speaker.name }, \`\${base}/speaker/\${speaker.id}\`),`,
    },
  ],
  hint: 11,
} satisfies LessonMutant;
