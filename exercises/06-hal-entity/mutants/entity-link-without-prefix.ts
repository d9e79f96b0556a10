import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a link must lead back to the server that wrote it, whatever host and prefix the client used',
  mistake:
    "builds the speaker's self link from the origin alone, so under a prefix it leads out of the application",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `const self = \`\${request.url.origin}\${request.basePath}/speaker/\${speaker.id}\`;`,
      replace: `const self = \`\${request.url.origin}/speaker/\${speaker.id}\`;`,
    },
  ],
  hint: 6,
} satisfies LessonMutant;
