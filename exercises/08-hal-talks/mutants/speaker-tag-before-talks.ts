import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the tag of the whole answer, so it changes when an embedded resource does',
  mistake:
    "keeps step 07's tag of the speaker alone: a talk of theirs renamed, the tag stays, and every client that revalidates keeps the old title",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const tag = entityTag(JSON.stringify(resource));',
      replace: `const tag = entityTag(
      JSON.stringify(new HalResource({ ...speaker }, \`\${base}/speaker/\${speaker.id}\`)),
    );`,
    },
  ],
  hint: 5,
} satisfies LessonMutant;
