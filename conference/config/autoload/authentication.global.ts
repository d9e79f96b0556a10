import { fileURLToPath } from 'node:url';
import { defaultTokenDatabasePath } from '@hyperpipe/catalogue';

// The files of config/auth/, found from this file rather than from the folder the server
// happens to start in.
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
    // The realm of every challenge. A Digest client hashes user:realm:password, and the
    // htdigest file holds those hashes for the realm `conference`: another realm, and no
    // Digest answer can ever match.
    realm: 'conference',
    // Roles by user name: the identity of `editor` has the role `editor`, which
    // src/auth/onlyEditorsDelete.ts asks for.
    roles: { editor: ['editor'] },
    basic: { htpasswd: file('conference.htpasswd') },
    // HTTP Digest: the 401 carries a fresh nonce, valid for nonceLifetime seconds.
    digest: { htdigest: file('conference.htdigest'), nonceLifetime: 300 },
    // OAuth2: the Bearer adapter, and the token store of the POST /oauth endpoint below.
    // The users of the password grant are those of `basic`.
    oauth2: {
      // Tokens survive a restart: CONFERENCE_OAUTH_DB if set, else data/oauth.sqlite.
      database: defaultTokenDatabasePath(),
      accessTokenLifetime: 3600,
      // The clients that may ask for tokens, and the grants each may use.
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
    'Conference.V2.Talk': writesNeedIdentity,
  },
  routes: [
    {
      // The OAuth2 token endpoint: a client trades a password (or its own secret, or a
      // refresh token) for a token. The container builds it from `authentication.oauth2`.
      path: '/oauth',
      middleware: 'OAuth2TokenEndpoint',
      allowed_methods: ['POST'],
      // The Basic header sent here names an OAuth2 client, not a user: the endpoint checks it.
      options: { authentication: false },
      name: 'oauth',
    },
  ],
};
