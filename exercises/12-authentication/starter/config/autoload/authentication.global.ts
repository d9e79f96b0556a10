// Who may write. GETs stay public; every write of every version needs an identity, and
// src/auth/onlyEditorsDelete.ts lets only editors DELETE.
//
// DEMO ONLY: the users (learner/hyperpipe, editor/hyperpipe-editor) and the OAuth2 client
// (workshop/workshop-secret) are published in the workshop's documentation. For anything
// else, point an `authentication.local.ts` at your own files and clients, e.g.
//   export default { authentication: { basic: { htpasswd: '/etc/conference/htpasswd' } } };
export default {
  authentication: {
    // TODO: who is who, and how they prove it: the realm of config/auth/conference.htdigest,
    // the role editor of the user editor, and Basic, Digest and OAuth2 with the files of
    // config/auth/ and the client workshop. The README's "What to do" lists the values;
    // AuthenticationConfig in the API reference, the keys.
  },
  // TODO: which requests need an identity: every write of each rest service (the keys of
  // rest.global.ts), reads stay public. See "Rules by configuration" in the README.
  authorization: {},
  // TODO: the OAuth2 token endpoint, POST /oauth, whose client authenticates itself (the
  // OAuth2TokenEndpoint service). See "Three schemes, one question" in the README.
  routes: [],
};
