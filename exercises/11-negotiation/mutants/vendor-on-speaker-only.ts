import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Both resources spread `shared` into their entries, so both speak the same types.',
  mistake:
    'writes the media types into the speaker entry instead of shared, so talks never get them',
  edits: [
    {
      file: 'config/autoload/rest.global.ts',
      find: '  accept: [vendor, hal, json],\n  // Request body types. Any other Content-Type is a 415.\n  contentTypes: [vendor, json],\n',
      replace: '',
    },
    {
      file: 'config/autoload/rest.global.ts',
      find: "      path: '/speaker',\n",
      replace:
        "      path: '/speaker',\n      accept: [vendor, hal, json],\n      contentTypes: [vendor, json],\n",
    },
  ],
  hint: 1,
} satisfies LessonMutant;
