import type { AuthenticationConfig } from 'hyperpipe/auth';
import { z } from 'zod';

/** A security scheme of the document (OpenAPI 3.1, section 4.8.27). */
export type SecurityScheme =
  | { type: 'http'; scheme: 'basic' | 'digest'; description: string }
  | {
      type: 'oauth2';
      description: string;
      flows: Record<string, { tokenUrl: string; refreshUrl?: string; scopes: object }>;
    };

/**
 * The scheme of the token endpoint: the OAuth2 client (not a user) proves itself with its
 * id and secret in HTTP Basic, as RFC 6749, section 2.3.1 asks every server to support.
 */
export const OAUTH2_CLIENT = 'oauth2Client';

/** What an operation says of its security: any one of the schemes listed; nothing when empty. */
export type SecurityRequirements = Record<string, string[]>[];

/** The OAuth2 grants of the token endpoint, as OpenAPI names their flows. */
const FLOWS: Readonly<Record<string, string>> = {
  password: 'password',
  client_credentials: 'clientCredentials',
};

/**
 * The security schemes of the `authentication` configuration: one per system it turns on,
 * the OAuth2 flows from the grants of its clients, with the token endpoint at `tokenUrl`.
 */
export function securitySchemes(
  config: AuthenticationConfig,
  tokenUrl: string,
): Record<string, SecurityScheme> {
  const realm = `realm "${config.realm ?? 'api'}"`;
  const schemes: Record<string, SecurityScheme> = {};
  if (config.basic) {
    schemes.basic = { type: 'http', scheme: 'basic', description: `HTTP Basic, ${realm}.` };
  }
  if (config.digest) {
    schemes.digest = { type: 'http', scheme: 'digest', description: `HTTP Digest, ${realm}.` };
  }
  if (config.oauth2) {
    const grants = new Set(
      Object.values(config.oauth2.clients ?? {}).flatMap((client) => client.grants ?? []),
    );
    const refresh = grants.has('refresh_token') ? { refreshUrl: tokenUrl } : {};
    const flows = [...grants].flatMap((grant) => {
      const flow = FLOWS[grant];
      return flow ? [[flow, { tokenUrl, ...refresh, scopes: {} }] as const] : [];
    });
    schemes.oauth2 = {
      type: 'oauth2',
      description:
        `OAuth2 bearer tokens from ${tokenUrl}, sent as \`Authorization: Bearer …\` or as the \`access_token\` query parameter. ` +
        'A `client_credentials` token stands for the client, which is no user: what needs an identity answers it 403.',
      flows: Object.fromEntries(flows),
    };
    schemes[OAUTH2_CLIENT] = {
      type: 'http',
      scheme: 'basic',
      description: `The OAuth2 client's id and secret, at ${tokenUrl} only (RFC 6749, section 2.3.1).`,
    };
  }
  return schemes;
}

/**
 * Any of the schemes that name users, where the operation needs an identity; else none
 * (`[]`), so that documentation tools show a public operation as public. Credentials sent
 * there anyway are still checked: the operation's 401 answer says so.
 */
export function securityOf(
  schemes: Readonly<Record<string, SecurityScheme>>,
  needsIdentity: boolean,
): SecurityRequirements {
  if (!needsIdentity) return [];
  return Object.keys(schemes)
    .filter((name) => name !== OAUTH2_CLIENT)
    .map((name) => ({ [name]: [] }));
}

/**
 * The `access_token` query parameter of RFC 6750, section 2.3, which the API takes as well
 * as `Authorization: Bearer`, when it takes OAuth2 tokens at all. It is a parameter so that
 * a client generated from the document can send it.
 */
export function tokenQueryOf(schemes: Readonly<Record<string, SecurityScheme>>) {
  if (schemes.oauth2 === undefined) return undefined;
  return z.object({
    access_token: z.string().optional().meta({
      description:
        'An OAuth2 access token, for clients that cannot send `Authorization: Bearer`. URLs end up in logs and histories: prefer the header.',
    }),
  });
}
