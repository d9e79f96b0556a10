import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { timezoneInput } from '../Timezone/timezoneInput.ts';
import { problemResponse } from './problems.ts';
import { OAUTH2_CLIENT } from './security.ts';

/**
 * An operation of a route that is no REST resource, without its path and method. Its
 * security, unless it says, is that of the authentication configuration.
 */
export type RpcOperation = Omit<RouteConfig, 'method' | 'path'> & {
  operationId: string;
  tags: [string];
};

const JSON_TYPE = 'application/json';
const FORM = 'application/x-www-form-urlencoded';

const timezone = z.object({
  timezone: z.string().meta({ description: 'An IANA time zone name.' }),
});

const jsonAnswer = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  content: { [JSON_TYPE]: { schema } },
});

// RFC 6749, sections 4.3.2, 4.4.2 and 6: the token endpoint takes a form.
const tokenRequest = z
  .object({
    grant_type: z.enum(['password', 'client_credentials', 'refresh_token']),
    username: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: 'TokenRequest' });

// RFC 6749, sections 5.1 and 5.2.
const token = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.int().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
  })
  .meta({ id: 'Token' });
const tokenError = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: 'TokenError' });

/**
 * The operations of the routes that are no REST resource, by route name, then method.
 * Each route of the application must have its operations here, or the document is not built.
 */
export const RPC_OPERATIONS: Readonly<Record<string, Readonly<Record<string, RpcOperation>>>> = {
  timezone: {
    GET: {
      operationId: 'getTimezone',
      tags: ['Time zone'],
      summary: "The server's time zone",
      description: 'The IANA name of the time zone the server runs in, such as `Europe/Paris`.',
      responses: {
        200: jsonAnswer("The server's time zone.", timezone),
        406: problemResponse(406, 'The client does not accept JSON.'),
      },
    },
    POST: {
      operationId: 'checkTimezone',
      tags: ['Time zone'],
      summary: 'Checks a time zone name',
      description:
        'Answers whether this runtime knows the IANA time zone the body names, as JSON or as a form; a 422 problem says why not.',
      request: {
        body: {
          required: true,
          content: { [JSON_TYPE]: { schema: timezoneInput }, [FORM]: { schema: timezoneInput } },
        },
      },
      responses: {
        200: jsonAnswer(
          'A time zone this server knows.',
          timezone.extend({ valid: z.literal(true) }),
        ),
        400: problemResponse(400, 'The body is not valid JSON.'),
        406: problemResponse(406, 'The client does not accept JSON.'),
        413: problemResponse(413, 'The body is too large.'),
        415: problemResponse(
          415,
          'The body is neither JSON nor a form, is not in UTF-8, or has a Content-Encoding.',
        ),
        422: problemResponse(422, 'No time zone, or one this server does not know.'),
      },
    },
  },
  oauth: {
    POST: {
      operationId: 'requestToken',
      tags: ['OAuth2'],
      summary: 'Issues an OAuth2 access token',
      description:
        'The client authenticates with HTTP Basic (its id and secret), or, for clients that cannot, with `client_id` and `client_secret` in the form (RFC 6749, section 2.3.1).',
      security: [{ [OAUTH2_CLIENT]: [] }],
      request: { body: { required: true, content: { [FORM]: { schema: tokenRequest } } } },
      responses: {
        200: jsonAnswer('The token (RFC 6749, section 5.1).', token),
        400: jsonAnswer('The grant failed (RFC 6749, section 5.2): `invalid_grant`, …', tokenError),
        401: jsonAnswer('The client is unknown or its secret wrong: `invalid_client`.', tokenError),
      },
    },
  },
  openapi: {
    GET: {
      operationId: 'getOpenApiDocument',
      tags: ['Description'],
      summary: 'This document',
      description:
        'The OpenAPI description of the API, generated from its configuration, routes and validation schemas; the API root links to it as `service-desc` (RFC 8631).',
      responses: {
        200: jsonAnswer(
          'The OpenAPI document of the API.',
          z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
        ),
      },
    },
  },
};
