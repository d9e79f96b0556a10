import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: "With `allowed_methods: ['GET']` the router refuses every other method with the `405` and `Allow: GET,HEAD`.",
  mistake: 'lets /speaker take GET and POST, so POST /speaker answers the collection with 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'SpeakerCollectionHandler',\n      allowed_methods: ['GET'],\n",
      replace:
        "      middleware: 'SpeakerCollectionHandler',\n      allowed_methods: ['GET', 'POST'],\n",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
