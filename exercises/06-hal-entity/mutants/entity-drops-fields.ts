import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Otherwise answer all the speaker's fields, `{ ...speaker }`",
  mistake: 'answers a speaker with its id and name only, leaving url and twitter out',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'const resource = new HalResource({ ...speaker }, self);',
      replace: 'const resource = new HalResource({ id: speaker.id, name: speaker.name }, self);',
    },
  ],
  hint: 3,
} satisfies LessonMutant;
