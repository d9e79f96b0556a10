import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "Otherwise answer all the speaker's fields, `{ ...speaker }`",
  mistake: 'answers a speaker with its id and name only, leaving url and twitter out',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'return json(new HalResource({ ...speaker }, self), response, HAL_MEDIA_TYPE);',
      replace:
        'return json(\n      new HalResource({ id: speaker.id, name: speaker.name }, self),\n      response,\n      HAL_MEDIA_TYPE,\n    );',
    },
  ],
  hint: 14,
} satisfies LessonMutant;
