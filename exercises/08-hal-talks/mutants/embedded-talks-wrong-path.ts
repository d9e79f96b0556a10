import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'the `self` links of the embedded talks must lead to `/talk/{id}`',
  mistake:
    "links each embedded talk to /talks/{id}, the collection's plural, where no route answers",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `new HalResource({ ...talk }, \`\${base}/talk/\${talk.id}\`)`,
      replace: `new HalResource({ ...talk }, \`\${base}/talks/\${talk.id}\`)`,
    },
  ],
  hint: 5,
} satisfies LessonMutant;
