// Who may write. GETs stay public; every write of every version needs an identity, and
// src/auth/onlyEditorsDelete.ts lets only editors DELETE.
//
// DEMO ONLY: the users (learner/hyperpipe, editor/hyperpipe-editor) and the OAuth2 client
// (workshop/workshop-secret) are published in the workshop's documentation. For anything
// else, point an `authentication.local.ts` at your own files and clients, e.g.
//   export default { authentication: { basic: { htpasswd: '/etc/conference/htpasswd' } } };
export default {
  authentication: {
    // TODO: the realm 'conference' (the htdigest file's hashes include it), the role
    // 'editor' of the user editor, and one key per scheme:
    // - basic: the htpasswd file, config/auth/conference.htpasswd;
    // - digest: the htdigest file, config/auth/conference.htdigest;
    // - oauth2: the token database, defaultTokenDatabasePath() from '@hyperpipe/catalogue',
    //   and the client 'workshop' with the secret 'workshop-secret' and the grants
    //   'password', 'client_credentials' and 'refresh_token'.
    // Give files as absolute paths, found from this file rather than from the current folder:
    //   fileURLToPath(new URL('../auth/conference.htpasswd', import.meta.url))
  },
  // TODO: by rest service name ('Conference.V1.Speaker', 'Conference.V1.Talk',
  // 'Conference.V2.Speaker'), POST, PUT, PATCH and DELETE of entities and of collections
  // need an identity.
  authorization: {},
  // TODO: the token endpoint: POST /oauth, served by the 'OAuth2TokenEndpoint' service,
  // with `options: { authentication: false }` (its Basic header names a client, not a user).
  routes: [],
};
