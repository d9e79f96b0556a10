import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'a link is an absolute URL that leads back to the server that wrote it',
  mistake: "writes the speaker's self link as a path, /speaker/7, without the origin",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `const self = \`\${request.url.origin}\${request.basePath}/speaker/\${speaker.id}\`;`,
      replace: `const self = \`\${request.basePath}/speaker/\${speaker.id}\`;`,
    },
  ],
  hint: 6,
} satisfies LessonMutant;
