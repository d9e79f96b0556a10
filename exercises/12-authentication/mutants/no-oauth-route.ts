import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The token endpoint is a route to the `OAuth2TokenEndpoint` service',
  mistake: 'routes the token endpoint at /oauth/token, not at the POST /oauth the clients use',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: "      path: '/oauth',",
      replace: "      path: '/oauth/token',",
    },
  ],
  hint: 4,
} satisfies LessonMutant;
