import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'It gives a strong tag, quoted: send it as it is, with no `W/`.',
  mistake:
    'marks its tag weak, W/"…", since If-None-Match compares weakly, though the tag is of the very bytes sent',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const tag = entityTag(JSON.stringify(resource));',
      replace: `const tag = \`W/\${entityTag(JSON.stringify(resource))}\`;`,
    },
  ],
  hint: 8,
} satisfies LessonMutant;
