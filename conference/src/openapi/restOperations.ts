import type { ResponseConfig, RouteConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import type { Route } from 'hyperpipe';
import type { AuthorizationRules } from 'hyperpipe/auth';
import { HAL_MEDIA_TYPE } from 'hyperpipe/hal';
import { DEFAULT_BODY_LIMIT } from 'hyperpipe/negotiation';
import type { RestResourceConfig } from 'hyperpipe/rest';
import { z } from 'zod';
import {
  ETAG,
  IF_MATCH,
  IF_NONE_MATCH,
  NOT_MODIFIED,
  PRECONDITION_FAILED,
  VARY,
} from './conditionalRequests.ts';
import type { ExampleOf } from './examples.ts';
import { problemResponse } from './problems.ts';
import type { ResourceSchemas } from './resourceSchemas.ts';
import { routeResource } from './routeResource.ts';
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

/** What every operation is built with: the authorization rules, the security schemes, examples. */
export interface OperationContext {
  rules: AuthorizationRules;
  security: (needsIdentity: boolean) => SecurityRequirements;
  /** The `access_token` query parameter, when the API takes OAuth2 tokens. */
  tokenQuery: z.ZodObject | undefined;
  /** The example of an entity kind's representation or body. */
  example: ExampleOf;
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
      const needsIdentity = context.rules.requiresAuthentication(routeResource(route), method);
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const operation: RouteConfig = {
        method: method.toLowerCase() as RouteConfig['method'],
        path: param === undefined ? path : `${path}/{${param}}`,
        operationId: operationIdOf(served, kind, method, alias),
        tags: [nounOf(served)],
        summary: summaryOf(served, kind, method, alias),
        description: `${versionsOf(versions, alias, hasBody)}${DESCRIPTIONS[kind][method] ?? ''}`,
        security: context.security(needsIdentity),
        request: {
          ...(param && { params: z.object({ [param]: identifier(served, route, param) }) }),
          ...queryOf(kind, method, needsIdentity, context),
          ...(method === 'GET' && { headers: IF_NONE_MATCH }),
          ...(kind === 'entity' && method !== 'GET' && { headers: IF_MATCH }),
          ...(hasBody && {
            body: { required: true, content: bodies(versions, method, context.example) },
          }),
        },
        responses: {
          ...success(versions, kind, method, context.example),
          ...problems(served, kind, method, { needsIdentity, hasBody, alias }),
        },
      };
      return operation;
    });
  });
}

/** What each operation does, in a few words: `many` is the collection's name, `one` its noun. */
const SUMMARIES: Readonly<
  Record<Kind, Readonly<Record<string, (many: string, one: string) => string>>>
> = {
  collection: {
    GET: (many) => `A page of ${many}`,
    POST: (_, one) => `Creates a ${one}`,
  },
  entity: {
    GET: (_, one) => `One ${one}, with what it embeds`,
    PUT: (_, one) => `Replaces a ${one}`,
    PATCH: (_, one) => `Changes some fields of a ${one}`,
    DELETE: (_, one) => `Deletes a ${one}`,
  },
};

/**
 * The operation's summary, which Redoc and Swagger UI list it by, so each is its own: a
 * versioned URL's names its version (`A page of speakers (version 2)`); the unversioned URL,
 * the one the guides use, has the plain words.
 */
function summaryOf(version: ResourceVersion, kind: Kind, method: string, alias: boolean): string {
  const one = lastSegment(version.entry.path);
  const many = version.entry.collectionName ?? `${one}s`;
  const words = SUMMARIES[kind][method]?.(many, one) ?? `${method} ${one}`;
  return alias || version.version === undefined ? words : `${words} (version ${version.version})`;
}

/**
 * Which version answers: the one a versioned URL names; at an unversioned URL, the default
 * version, or the one a vendor media type in `Accept` (or in a body's `Content-Type`) names.
 */
function versionsOf(
  versions: readonly [ResourceVersion, ...ResourceVersion[]],
  alias: boolean,
  hasBody: boolean,
): string {
  const [served, ...others] = versions;
  if (served.version === undefined) return '';
  if (!alias) return `Version ${served.version}. `;
  if (others.length === 0) return `Version ${served.version}, the only one. `;
  const shared = new Set(served.entry.accept);
  const types = others
    .flatMap((other) => other.entry.accept ?? [])
    .filter((type) => !shared.has(type))
    .map((type) => `\`${type}\``);
  const where = hasBody ? '`Accept`, or the body’s `Content-Type`,' : '`Accept`';
  return `Version ${served.version} by default; ${others.map((other) => `version ${other.version}`).join(', ')} when ${where} names ${types.join(' or ')}. `;
}

/** What each operation does, beyond its summary: what a client can count on. */
const DESCRIPTIONS: Readonly<Record<Kind, Readonly<Record<string, string>>>> = {
  collection: {
    GET: 'A page of the collection (`?page=N`, 25 a page) with links to the other pages. Each item carries its links, to the entities it relates to as well, so a client needs no request per item. `If-None-Match` with the page’s current `ETag` answers 304.',
    POST: 'Creates an entity from the body, validated whole; answers 201 with its `Location` and the new entity. A refused body writes nothing.',
  },
  entity: {
    GET: 'The entity, its links and the entities it embeds. `If-None-Match` with its current `ETag` answers 304.',
    PUT: 'Replaces every field of the entity; an omitted optional field becomes null, but for one the representation shows only as a link (marked `x-kept-when-omitted`: version 2’s `twitter`, a talk’s `speakers`), which is kept. With `If-Match`, only while the tag it names is still current: otherwise 412, and nothing is written.',
    PATCH:
      'Changes the fields the body names, at least one. With `If-Match`, only while the tag it names is still current: otherwise 412, and nothing is written.',
    DELETE:
      'Deletes the entity and its links to others. With `If-Match`, only while the tag it names is still current: otherwise 412, and nothing is deleted.',
  },
};

const VERBS: Readonly<Record<Kind, Readonly<Record<string, string>>>> = {
  collection: { GET: 'list', POST: 'create' },
  entity: { GET: 'get', PUT: 'replace', PATCH: 'update', DELETE: 'delete' },
};

/**
 * A stable, readable id for the operation: verb, noun, and the version a versioned path
 * names, as in `listSpeakersV1`, `getSpeakerV2`; an unversioned alias has no version:
 * `createTalk`. Generated clients name their methods after it.
 */
function operationIdOf(version: ResourceVersion, kind: Kind, method: string, alias: boolean) {
  const noun =
    kind === 'collection' && method === 'GET'
      ? capitalized(version.entry.collectionName ?? lastSegment(version.entry.path))
      : nounOf(version);
  const suffix = alias || version.version === undefined ? '' : `V${version.version}`;
  return `${VERBS[kind][method] ?? method.toLowerCase()}${noun}${suffix}`;
}

/** The resource's noun, from its path: `Speaker` for `/v2/speaker`. Also its tag. */
function nounOf(version: ResourceVersion): string {
  return capitalized(lastSegment(version.entry.path));
}

function lastSegment(path: string): string {
  return path.split('/').at(-1) ?? '';
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const PAGE = z.object({
  page: z.int().positive().optional().meta({ description: 'The page, from 1; 1 by default.' }),
});

/**
 * The query parameters: the page of a collection; the OAuth2 token, for the clients that
 * send it in the URL (RFC 6750, section 2.3), where the operation needs credentials.
 */
function queryOf(
  kind: Kind,
  method: string,
  needsIdentity: boolean,
  { tokenQuery }: OperationContext,
): { query?: z.ZodObject } {
  const page = kind === 'collection' && method === 'GET' ? PAGE.shape : {};
  const token = needsIdentity ? tokenQuery?.shape : {};
  const query = { ...page, ...token };
  return Object.keys(query).length === 0 ? {} : { query: z.object(query) };
}

/** The methods a route serves: those of its `Allow`, less HEAD and OPTIONS, which HTTP implies. */
function methodsOf(route: Route): string[] {
  const methods = route.options.allow ?? route.methods ?? [];
  return methods.filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
}

/**
 * The path parameter: the schema of the entity's identifier field when the resource has
 * one, so that the id in the URL and the id in the body have one type; else a string the
 * route's token restricts.
 */
function identifier(version: ResourceVersion, route: Route, param: string): z.ZodType {
  const field = version.schemas.state[version.entry.entityIdentifier ?? 'id'];
  if (field !== undefined) return field as z.ZodType;
  const token = route.options.tokens?.[param];
  return token === undefined ? z.string() : z.string().regex(new RegExp(`^(?:${token})$`));
}

/** The request bodies each media type takes: a vendor type its version's, the others any version's. */
function bodies(
  versions: readonly ResourceVersion[],
  method: string,
  example: ExampleOf,
): ZodContentObject {
  return byMediaType(
    versions,
    (version) => version.entry.contentTypes ?? ['application/json'],
    (version) => (method === 'PATCH' ? version.schemas.patch : version.schemas.input),
    (version) => example(version.entry.entity, method === 'PATCH' ? 'patch' : 'input'),
    true,
  );
}

/** What the representations of a GET or a write carry: the validator, and what chose them. */
const REPRESENTATION_HEADERS = { ETag: ETAG, Vary: VARY };

function success(
  versions: readonly ResourceVersion[],
  kind: Kind,
  method: string,
  example: ExampleOf,
): Record<string, ResponseConfig> {
  // A vendor type in Accept is the only way a GET asks for a version, so HAL and JSON are
  // the default version's; a write's answer is in the version of its body's Content-Type,
  // which may be any.
  const content = (pick: (version: ResourceVersion) => z.ZodType, use: 'entity' | 'page') =>
    byMediaType(
      versions,
      (version) => version.entry.accept ?? [HAL_MEDIA_TYPE],
      pick,
      (version) => example(version.entry.entity, use),
      method !== 'GET',
    );
  const entity = content((version) => version.entity, 'entity');
  const headers = REPRESENTATION_HEADERS;
  if (kind === 'collection' && method === 'GET') {
    const page = content((version) => version.collection, 'page');
    return { 200: { description: 'The page.', headers, content: page }, 304: NOT_MODIFIED };
  }
  if (kind === 'collection' && method === 'POST') {
    const location = { description: 'The URL of the new entity.', required: true };
    return {
      201: {
        description: 'Created: the new entity, at its Location.',
        headers: { Location: { ...location, schema: { type: 'string' } }, ...headers },
        content: entity,
      },
    };
  }
  if (kind === 'entity' && method === 'DELETE') {
    return { 204: { description: 'Deleted.' }, 412: PRECONDITION_FAILED };
  }
  if (kind === 'entity' && method === 'GET') {
    return { 200: { description: 'The entity.', headers, content: entity }, 304: NOT_MODIFIED };
  }
  if (kind === 'entity' && ['PUT', 'PATCH'].includes(method)) {
    return {
      200: { description: 'The entity, as it is now.', headers, content: entity },
      412: PRECONDITION_FAILED,
    };
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
      415: problemResponse(
        415,
        `The body's Content-Type is not one of those listed${byVersion}, names a charset ` +
          'other than UTF-8, or the body has a Content-Encoding (`Accept-Encoding: identity`).',
      ),
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
        'An `authorization` listener refused the identity (this API keeps DELETE for editors), ' +
          'or the token is a `client_credentials` one, whose client acts for no user.',
      ),
    }),
    406: problemResponse(406, `None of the media types in Accept can be served${byVersion}.`),
    503: problemResponse(503, 'The catalogue is busy with another writer: retry after a moment.'),
  };
}

/**
 * Content by media type. A vendor type, such as application/vnd.conference.v2+json, is one
 * version's; a type several versions list (application/hal+json) is the first version's
 * (the default one, on an unversioned URL), or with `anyVersion` any of theirs, with the
 * first version's example.
 */
function byMediaType(
  versions: readonly ResourceVersion[],
  types: (version: ResourceVersion) => readonly string[],
  pick: (version: ResourceVersion) => z.ZodType,
  example: (version: ResourceVersion) => { $ref: string } | undefined,
  anyVersion: boolean,
): ZodContentObject {
  const schemas = new Map<string, Set<z.ZodType>>();
  const examples = new Map<string, { $ref: string } | undefined>();
  for (const version of versions) {
    for (const type of types(version)) {
      if (!anyVersion && schemas.has(type)) continue;
      schemas.set(type, (schemas.get(type) ?? new Set()).add(pick(version)));
      if (!examples.has(type)) examples.set(type, example(version));
    }
  }
  return Object.fromEntries(
    [...schemas].map(([type, set]) => {
      const [first, ...others] = set;
      const seed = examples.get(type);
      return [
        type,
        {
          schema: others.length === 0 ? (first as z.ZodType) : z.union([...set]),
          ...(seed && { examples: { seed } }),
        },
      ];
    }),
  );
}
