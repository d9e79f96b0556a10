import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'Without a `digest` key there is no Digest adapter, and the 401 offers no Digest challenge.',
  mistake: 'configures basic and oauth2 but leaves digest out, so no Digest challenge is offered',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "    digest: { htdigest: file('conference.htdigest'), nonceLifetime: 300 },\n",
      replace: '',
    },
  ],
  hint: 3,
} satisfies LessonMutant;
