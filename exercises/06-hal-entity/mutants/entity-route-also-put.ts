import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "With `allowed_methods: ['GET']` the router refuses every other method with the `405` and `Allow: GET,HEAD`.",
  mistake:
    'lets /speaker/{speaker_id} take GET and PUT, so PUT /speaker/7 answers the speaker with 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'SpeakerEntityHandler',\n      allowed_methods: ['GET'],\n",
      replace:
        "      middleware: 'SpeakerEntityHandler',\n      allowed_methods: ['GET', 'PUT'],\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
