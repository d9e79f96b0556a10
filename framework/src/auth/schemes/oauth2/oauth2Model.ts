import type OAuth2Server from '@node-oauth/oauth2-server';
import type { StoredToken, TokenStore } from '../../stores/TokenStore.ts';
import type { Htpasswd } from '../basic/htpasswd.ts';

/**
 * The model @node-oauth/oauth2-server asks for the grants the token endpoint offers.
 *
 * @internal
 */
export type OAuth2Model = OAuth2Server.PasswordModel &
  OAuth2Server.ClientCredentialsModel &
  OAuth2Server.RefreshTokenModel;

/**
 * Connects @node-oauth/oauth2-server to a {@link TokenStore}: clients and tokens come from
 * the store (SQLite, or the Redis server machines share), and the users of the password
 * grant from the same htpasswd file as HTTP Basic.
 * Users are `{ name }`; a client-credentials token stands for no user, and is stored with
 * an empty user name (see `getUserFromClient`).
 * A client may ask only for the scopes configured for it: none unless configured.
 *
 * @example
 * ```ts
 * const model = oauth2Model(
 *   new SqliteTokenStore('data/oauth.sqlite'),
 *   Htpasswd.fromFile('config/users.htpasswd'),
 * );
 * ```
 *
 * @internal
 */
export function oauth2Model(store: TokenStore, users: Htpasswd): OAuth2Model {
  return {
    async getClient(clientId, clientSecret) {
      // The library asks without a secret only for grants that need no client authentication,
      // and every grant here needs one.
      if (!clientSecret) return false;
      const client = await store.verifyClient(clientId, clientSecret);
      return client
        ? { id: client.id, grants: [...client.grants], scopes: [...client.scopes] }
        : false;
    },
    async getUser(username, password) {
      return (await users.verify(username, password)) ? { name: username } : false;
    },
    // RFC 6749 §4.4: the client acts for itself. Named after it, its token would act as the
    // user of that name, and the client `workshop` wrote as the identity `workshop`. The
    // empty name is no one's (the library refuses an empty username); the Bearer adapter
    // gives such a token the client's identity, marked as a client.
    async getUserFromClient() {
      return { name: '' };
    },
    // Without this the library grants whatever scope is asked for. A falsy answer is its
    // invalid_scope, so "no scope asked, none granted" is the empty list, not undefined.
    async validateScope(_user, client, scope) {
      if (scope === undefined) return [];
      const allowed: readonly string[] = client.scopes ?? [];
      return scope.every((name) => allowed.includes(name)) ? [...new Set(scope)] : false;
    },
    async saveToken(token, client, user) {
      // An empty list would come back as `"scope": ""`: no scope granted is no scope member.
      const scope = token.scope?.length ? token.scope : undefined;
      await store.save({
        accessToken: token.accessToken,
        accessTokenExpiresAt: token.accessTokenExpiresAt as Date,
        refreshToken: token.refreshToken,
        refreshTokenExpiresAt: token.refreshTokenExpiresAt,
        clientId: client.id,
        userName: user.name,
        scope,
      });
      return { ...token, scope, client, user };
    },
    async getAccessToken(accessToken) {
      const found = await store.findAccessToken(accessToken);
      return found && { accessToken, ...libraryToken(found) };
    },
    async getRefreshToken(refreshToken) {
      const found = await store.findRefreshToken(refreshToken);
      return found && { refreshToken, ...libraryToken(found) };
    },
    async revokeToken(token) {
      return store.revoke(token.refreshToken);
    },
  };
}

function libraryToken(found: StoredToken) {
  return {
    accessTokenExpiresAt: found.accessTokenExpiresAt,
    refreshTokenExpiresAt: found.refreshTokenExpiresAt,
    scope: found.scope ? [...found.scope] : undefined,
    client: { id: found.clientId, grants: [] },
    user: { name: found.userName },
  };
}
