import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "It names the speaker's own URL, not the one the request spelled",
  mistake:
    'uses the request URL as the self link: it keeps host and prefix, but also a query or a %37 the client sent',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `const self = \`\${request.url.origin}\${request.basePath}/speaker/\${speaker.id}\`;`,
      replace: 'const self = request.url.href;',
    },
  ],
  hint: 6,
} satisfies LessonMutant;
