import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'The `oauth2` key also turns the Bearer adapter on',
  mistake:
    'routes POST /oauth to the OAuth2TokenEndpoint but leaves out the oauth2 key, so there is no token store, no client and no Bearer adapter',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: `    oauth2: {
      // Tokens survive a restart: CONFERENCE_OAUTH_DB if set, else data/oauth.sqlite.
      database: defaultTokenDatabasePath(),
      accessTokenLifetime: 3600,
      clients: {
        workshop: {
          secret: 'workshop-secret',
          grants: ['password', 'client_credentials', 'refresh_token'],
        },
      },
    },
`,
      replace: '',
    },
    {
      file: 'config/autoload/authentication.global.ts',
      find: "import { defaultTokenDatabasePath } from '@hyperpipe/catalogue';\n",
      replace: '',
    },
  ],
  hint: 4,
} satisfies LessonMutant;
