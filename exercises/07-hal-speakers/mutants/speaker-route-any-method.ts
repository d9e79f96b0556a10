import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`DELETE /speaker` | `405` problem, `Allow: GET,HEAD`',
  mistake:
    'leaves allowed_methods off the /speaker route, so it answers every method with the collection and DELETE /speaker gets 200',
  edits: [
    {
      file: 'config/autoload/routes.global.ts',
      find: "      middleware: 'SpeakerCollectionHandler',\n      allowed_methods: ['GET'],\n",
      replace: "      middleware: 'SpeakerCollectionHandler',\n",
    },
  ],
  hint: 6,
} satisfies LessonMutant;
