import { authConfigProvider } from 'hyperpipe/auth';

// The optional parts of Hyperpipe this API uses, each added through configuration as
// Mezzio's config providers are: `import { createApplication } from 'hyperpipe'` loads the
// core alone. authConfigProvider() registers the services that read the `authentication`
// and `authorization` keys of authentication.global.ts (AuthenticationMiddleware,
// AuthorizationMiddleware, the OAuth2TokenEndpoint...). Without it, the server refuses to
// start rather than serve those keys unread.
export default authConfigProvider();
