import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'each with a `speakers` link to each of its speakers, all of them, not only this one',
  mistake:
    "links each embedded talk back to the speaker it is embedded in only, dropping the talk's co-speakers",
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: `(speakerIds.get(talk.id) ?? []).map((id) => \`\${base}/speaker/\${id}\`),`,
      replace: `[\`\${base}/speaker/\${speaker.id}\`],`,
    },
  ],
  hint: 5,
} satisfies LessonMutant;
