import type { ResponseConfig, RouteConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import {
  type AuthorizationRules,
  DEFAULT_BODY_LIMIT,
  HAL_MEDIA_TYPE,
  type RestResourceConfig,
  type Route,
  resourceOf,
} from 'hyperpipe';
import { z } from 'zod';
import { problemResponse } from './problems.ts';
import type { ResourceSchemas } from './resourceSchemas.ts';
import type { SecurityRequirements } from './security.ts';

/** One version of a REST resource: its `rest` entry, its routes and its schemas. */
export interface ResourceVersion {
  /** The entry's name, the service authorization knows it by. */
  name: string;
  entry: RestResourceConfig;
  /** The version its path names, `/v2/…`, if it names one. */
  version: number | undefined;
  collectionRoute: Route;
  entityRoute: Route;
  schemas: ResourceSchemas;
  /** Its representations, each a component of the document. */
  entity: z.ZodType;
  collection: z.ZodType;
}

/** What every operation is built with: the authorization rules, the security schemes. */
export interface OperationContext {
  rules: AuthorizationRules;
  security: (needsIdentity: boolean) => SecurityRequirements;
}

type Kind = 'collection' | 'entity';

/**
 * The operations of a resource at `path`: those of its collection route and of its entity
 * route, one for each method the resource serves. `versions` are the versions a request
 * there may reach: one for a versioned path; for an unversioned `alias`, the default
 * version (which gives the methods), then those a media type can ask for.
 */
export function restOperations(
  path: string,
  versions: readonly [ResourceVersion, ...ResourceVersion[]],
  context: OperationContext,
  alias = false,
): RouteConfig[] {
  const [served] = versions;
  return (['collection', 'entity'] as const).flatMap((kind) => {
    const route = kind === 'collection' ? served.collectionRoute : served.entityRoute;
    const param = /\{(\w+)\}$/.exec(route.path)?.[1];
    return methodsOf(route).map((method) => {
      const needsIdentity = context.rules.requiresAuthentication(resourceOf(route), method);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const operation: RouteConfig = {
        method: method.toLowerCase() as RouteConfig['method'],
        path: param === undefined ? path : `${path}/{${param}}`,
        tags: [served.entry.entity],
        summary: `${SUMMARIES[kind][method] ?? method} (${served.entry.entity})`,
        security: context.security(needsIdentity),
        request: {
          ...(param && { params: z.object({ [param]: identifier(route, param) }) }),
          ...(kind === 'collection' && method === 'GET' && { query: PAGE }),
          ...(hasBody && { body: { required: true, content: bodies(versions, method) } }),
        },
        responses: {
          ...success(versions, kind, method),
          ...problems(served, kind, method, { needsIdentity, hasBody, alias }),
        },
      };
      return operation;
    });
  });
}

const SUMMARIES: Readonly<Record<Kind, Readonly<Record<string, string>>>> = {
  collection: { GET: 'A page of the collection', POST: 'Creates an entity' },
  entity: {
    GET: 'One entity, with what it embeds',
    PUT: 'Replaces an entity',
    PATCH: 'Changes some fields of an entity',
    DELETE: 'Deletes an entity',
  },
};

const PAGE = z.object({
  page: z.int().positive().optional().meta({ description: 'The page, from 1; 1 by default.' }),
});

/** The methods a route serves: those of its `Allow`, less HEAD and OPTIONS, which HTTP implies. */
function methodsOf(route: Route): string[] {
  const methods = route.options.allow ?? route.methods ?? [];
  return methods.filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
}

/** The path parameter, with the pattern the route's token restricts it to. */
function identifier(route: Route, param: string) {
  const token = route.options.tokens?.[param];
  return token === undefined ? z.string() : z.string().regex(new RegExp(`^(?:${token})$`));
}

/** The request bodies each media type takes: a vendor type its version's, the others any version's. */
function bodies(versions: readonly ResourceVersion[], method: string): ZodContentObject {
  return byMediaType(
    versions,
    (version) => version.entry.contentTypes ?? ['application/json'],
    (version) => (method === 'PATCH' ? version.schemas.patch : version.schemas.input),
  );
}

function success(
  versions: readonly ResourceVersion[],
  kind: Kind,
  method: string,
): Record<string, ResponseConfig> {
  const content = (pick: (version: ResourceVersion) => z.ZodType) =>
    byMediaType(versions, (version) => version.entry.accept ?? [HAL_MEDIA_TYPE], pick);
  const entity = content((version) => version.entity);
  if (kind === 'collection' && method === 'GET') {
    return { 200: { description: 'The page.', content: content((version) => version.collection) } };
  }
  if (kind === 'collection' && method === 'POST') {
    const location = { description: 'The URL of the new entity.', required: true };
    return {
      201: {
        description: 'Created: the new entity, at its Location.',
        headers: { Location: { ...location, schema: { type: 'string' } } },
        content: entity,
      },
    };
  }
  if (kind === 'entity' && method === 'DELETE') return { 204: { description: 'Deleted.' } };
  if (kind === 'entity' && ['GET', 'PUT', 'PATCH'].includes(method)) {
    return { 200: { description: 'The entity, as it is now.', content: entity } };
  }
  throw new Error(`The OpenAPI document does not describe ${method} on ${kind} URLs yet`);
}

function problems(
  version: ResourceVersion,
  kind: Kind,
  method: string,
  about: { needsIdentity: boolean; hasBody: boolean; alias: boolean },
): Record<string, ResponseConfig> {
  const byVersion = about.alias ? ', or they ask for a version that does not serve this URL' : '';
  const limit = version.entry.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return {
    ...(kind === 'collection' &&
      method === 'GET' && {
        400: problemResponse(400, 'The page is not a positive integer.'),
        409: problemResponse(409, 'The page is past the last one.'),
      }),
    ...(about.hasBody && {
      400: problemResponse(400, 'The body is not valid JSON.'),
      413: problemResponse(413, `The body is larger than ${limit} bytes.`),
      415: problemResponse(415, `The body's Content-Type is not one of those listed${byVersion}.`),
      422: problemResponse(422, 'The body failed validation: `validation_messages` says why.'),
    }),
    ...(kind === 'entity' && { 404: problemResponse(404, 'No entity has this identifier.') }),
    401: problemResponse(
      401,
      about.needsIdentity
        ? 'This method needs credentials, and none were sent, or the ones sent prove nothing.'
        : 'The credentials sent prove nothing (send none to read as a guest).',
    ),
    ...(about.needsIdentity && {
      403: problemResponse(
        403,
        'An `authorization` listener refused the identity: this API keeps DELETE for editors.',
      ),
    }),
    406: problemResponse(406, `None of the media types in Accept can be served${byVersion}.`),
    503: problemResponse(503, 'The catalogue is busy with another writer: retry after a moment.'),
  };
}

/**
 * Content by media type. A vendor type, such as application/vnd.conference.v2+json, is one
 * version's; a type several versions list (application/hal+json) serves any of them.
 */
function byMediaType(
  versions: readonly ResourceVersion[],
  types: (version: ResourceVersion) => readonly string[],
  pick: (version: ResourceVersion) => z.ZodType,
): ZodContentObject {
  const schemas = new Map<string, Set<z.ZodType>>();
  for (const version of versions) {
    for (const type of types(version)) {
      schemas.set(type, (schemas.get(type) ?? new Set()).add(pick(version)));
    }
  }
  return Object.fromEntries(
    [...schemas].map(([type, set]) => {
      const [first, ...others] = set;
      return [type, { schema: others.length === 0 ? (first as z.ZodType) : z.union([...set]) }];
    }),
  );
}
