import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Without a `basic` key there is no Basic adapter',
  mistake:
    "leaves the basic key out of authentication, so the 401 offers no Basic challenge and the learner's Basic credentials name a scheme nobody accepts",
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    basic: { htpasswd: file('conference.htpasswd') },\n",
      replace: '',
    },
  ],
  hint: 5,
} satisfies LessonMutant;
