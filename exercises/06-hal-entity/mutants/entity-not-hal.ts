import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Give `json()` the media type `HAL_MEDIA_TYPE`: without it the answer says `application/json`',
  mistake:
    'answers the speaker with json() and no media type, so a HAL document goes out as application/json',
  edits: [
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: 'return json(resource, response, HAL_MEDIA_TYPE);',
      replace: 'return json(resource, response);',
    },
    {
      file: 'src/speaker/SpeakerEntityHandler.ts',
      find: "import { HAL_MEDIA_TYPE, HalResource } from 'hyperpipe/hal';",
      replace: "import { HalResource } from 'hyperpipe/hal';",
    },
  ],
  hint: 3,
} satisfies LessonMutant;
