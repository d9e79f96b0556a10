import type OAuth2Server from '@node-oauth/oauth2-server';
import type { Htpasswd } from './htpasswd.ts';
import type { StoredToken, TokenStore } from './TokenStore.ts';

/**
 * The model @node-oauth/oauth2-server asks for the grants the token endpoint offers.
 *
 * @category Authentication
 */
export type OAuth2Model = OAuth2Server.PasswordModel &
  OAuth2Server.ClientCredentialsModel &
  OAuth2Server.RefreshTokenModel;

/**
 * Connects @node-oauth/oauth2-server to a {@link TokenStore}: clients and tokens come from
 * SQLite, and the users of the password grant from the same htpasswd file as HTTP Basic.
 * Users are `{ name }`; a client-credentials token stands for the client, named by its id.
 *
 * @param store - the clients and tokens
 * @param users - the users of the password grant
 *
 * @example
 * ```ts
 * const model = oauth2Model(
 *   new TokenStore('data/oauth.sqlite'),
 *   Htpasswd.fromFile('config/users.htpasswd'),
 * );
 * ```
 *
 * @category Authentication
 */
export function oauth2Model(store: TokenStore, users: Htpasswd): OAuth2Model {
  return {
    async getClient(clientId, clientSecret) {
      // The library asks without a secret only for grants that need no client authentication,
      // and every grant here needs one.
      if (!clientSecret) return false;
      const client = store.verifyClient(clientId, clientSecret);
      return client ? { id: client.id, grants: [...client.grants] } : false;
    },
    async getUser(username, password) {
      return (await users.verify(username, password)) ? { name: username } : false;
    },
    async getUserFromClient(client) {
      return { name: client.id };
    },
    async saveToken(token, client, user) {
      store.save({
        accessToken: token.accessToken,
        accessTokenExpiresAt: token.accessTokenExpiresAt as Date,
        refreshToken: token.refreshToken,
        refreshTokenExpiresAt: token.refreshTokenExpiresAt,
        clientId: client.id,
        userName: user.name,
        scope: token.scope,
      });
      return { ...token, client, user };
    },
    async getAccessToken(accessToken) {
      const found = store.findAccessToken(accessToken);
      return found && { accessToken, ...libraryToken(found) };
    },
    async getRefreshToken(refreshToken) {
      const found = store.findRefreshToken(refreshToken);
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
