import { fileURLToPath } from 'node:url';
import { defaultTokenDatabasePath } from '@hyperpipe/catalogue';

const file = (name: string) => fileURLToPath(new URL(`../auth/${name}`, import.meta.url));
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const writesNeedIdentity = { entity: WRITES, collection: WRITES };

// Who may write. GETs stay public; every write of every version needs an identity, and
// src/auth/onlyEditorsDelete.ts lets only editors DELETE.
//
// DEMO ONLY: the users (learner/hyperpipe, editor/hyperpipe-editor) and the OAuth2 client
// (workshop/workshop-secret) are published in the workshop's documentation. For anything
// else, point an `authentication.local.ts` at your own files and clients, e.g.
//   export default { authentication: { basic: { htpasswd: '/etc/conference/htpasswd' } } };
export default {
  authentication: {
    realm: 'conference',
    roles: { editor: ['editor'] },
    basic: { htpasswd: file('conference.htpasswd') },
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
  },
  authorization: {
    'Conference.V1.Speaker': writesNeedIdentity,
    'Conference.V1.Talk': writesNeedIdentity,
    'Conference.V2.Speaker': writesNeedIdentity,
  },
  routes: [
    {
      path: '/oauth',
      middleware: 'OAuth2TokenEndpoint',
      allowed_methods: ['POST'],
      // The Basic header sent here names an OAuth2 client, not a user: the endpoint checks it.
      options: { authentication: false },
      name: 'oauth',
    },
  ],
};
