import type { LessonMutant } from '@hyperpipe/cli/mutants';

export default {
  rule: 'one per scheme that is configured',
  mistake:
    'writes the rules and the pipeline but leaves basic, digest and oauth2 out of the authentication key, so a 401 offers no challenge and no credentials are ever accepted',
  edits: [
    {
      file: 'config/autoload/authentication.global.ts',
      find: `    basic: { htpasswd: file('conference.htpasswd') },
    digest: { htdigest: file('conference.htdigest'), nonceLifetime: 300 },
    oauth2: {
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
    {
      file: 'config/autoload/authentication.global.ts',
      find: `const file = (name: string) => fileURLToPath(new URL(\`../auth/\${name}\`, import.meta.url));\n`,
      replace: '',
    },
    {
      file: 'config/autoload/authentication.global.ts',
      find: "import { fileURLToPath } from 'node:url';\n",
      replace: '',
    },
  ],
  hint: 2,
} satisfies LessonMutant;
