import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: '`basic` scheme, against `config/auth/conference.htpasswd`',
  mistake:
    'points basic at the htdigest file, whose lines hold HA1 hashes no Basic password is checked against',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    basic: { htpasswd: file('conference.htpasswd') },",
      replace: "    basic: { htpasswd: file('conference.htdigest') },",
    },
  ],
  hint: 5,
} satisfies LessonMutant;
