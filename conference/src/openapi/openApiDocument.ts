import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import type { Route } from 'hyperpipe';
import {
  type AuthenticationConfig,
  type AuthorizationConfig,
  AuthorizationRules,
} from 'hyperpipe/auth';
import type { RestResourceConfig } from 'hyperpipe/rest';
import type { VersioningOptions } from 'hyperpipe/versioning';
import type { z } from 'zod';
import { registerExamples } from './examples.ts';
import { collectionOf, entityOf, summaryOf } from './hal.ts';
import { problemResponse } from './problems.ts';
import { RESOURCE_SCHEMAS } from './resourceSchemas.ts';
import { type OperationContext, type ResourceVersion, restOperations } from './restOperations.ts';
import { rootOperation, rootVersionOf } from './rootOperations.ts';
import { routeResource } from './routeResource.ts';
import { RPC_OPERATIONS, type RpcOperation } from './rpcOperations.ts';
import { securityOf, securitySchemes, tokenQueryOf } from './security.ts';
import { TAGS } from './tags.ts';

/** What the document is generated from: the API's configuration and its routes. */
export interface OpenApiSources {
  /** The `rest` configuration: each resource's path, methods, media types and embeds. */
  rest: Readonly<Record<string, RestResourceConfig>>;
  /** The `authentication` configuration, for the security schemes. */
  authentication: AuthenticationConfig;
  /** The `authorization` configuration: which methods need an identity. */
  authorization?: AuthorizationConfig | undefined;
  /** The vendor of the media types, and the version of unversioned URLs. */
  versioning: VersioningOptions;
  /** The application's routes, once every resource is registered. */
  routes: readonly Route[];
}

/** An OpenAPI 3.1 document. */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * The OpenAPI 3.1 document of the API, generated from what the API itself runs on: the
 * zod schemas its resources validate bodies with, the `rest` entries, the routes (their
 * methods, as the resources' `Allow` lists them), and the authentication and authorization
 * configuration. Every route must be described, or this throws.
 */
export function openApiDocument(sources: OpenApiSources): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  const tokenRoute = sources.routes.find((route) => route.middleware === 'OAuth2TokenEndpoint');
  const schemes = securitySchemes(sources.authentication, tokenRoute?.path ?? '/oauth');
  for (const [name, scheme] of Object.entries(schemes)) {
    registry.registerComponent('securitySchemes', name, scheme);
  }
  const context: OperationContext = {
    rules: AuthorizationRules.fromConfig(sources.authorization),
    security: (needsIdentity) => securityOf(schemes, needsIdentity),
    tokenQuery: tokenQueryOf(schemes),
    example: registerExamples(registry, sources.rest),
  };
  const versions = resourceVersions(sources);
  const defaultVersion = sources.versioning.defaultVersion ?? 1;
  const operations = versions.flatMap((version) =>
    restOperations(version.entry.path, [version], context),
  );
  for (const [path, served] of unversionedPaths(versions, defaultVersion)) {
    operations.push(...restOperations(path, served, context, true));
  }
  const restRoutes = new Set(
    versions.flatMap((version) => [version.collectionRoute, version.entityRoute]),
  );
  operations.push(...nonRestOperations(sources, restRoutes, context));
  for (const operation of operations) registry.registerPath(operation);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Conference API',
      version: [
        ...new Set(versions.map((version) => `v${version.version ?? defaultVersion}`)),
      ].join(', '),
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: tagsOf(operations),
  });
}

/** The tags the operations use, with their descriptions, checking each operation's id is its own. */
function tagsOf(operations: readonly RouteConfig[]): { name: string; description: string }[] {
  const ids = new Set<string>();
  const used = new Set<string>();
  for (const { operationId, tags = [], method, path } of operations) {
    if (operationId === undefined || ids.has(operationId)) {
      throw new Error(`${method.toUpperCase()} ${path} has no operationId of its own`);
    }
    ids.add(operationId);
    for (const tag of tags) used.add(tag);
  }
  return [...used].map((name) => {
    const description = TAGS[name];
    if (description === undefined) {
      throw new Error(`The tag "${name}" has no description in src/openapi/tags.ts`);
    }
    return { name, description };
  });
}

const DESCRIPTION = `Speakers and talks of a conference catalogue, as HAL (\`application/hal+json\`).
Start at \`/\`, the API root, and follow links: every speaker links to their talks and every talk
to its speakers, wherever they appear. Errors are API Problems (\`application/problem+json\`).
Versions are in the URL (\`/v2/speaker\`) or in a vendor media type
(\`application/vnd.conference.v2+json\`); unversioned URLs serve the default version. Entities
and pages carry an \`ETag\`: send it in \`If-None-Match\` to revalidate (304), or in \`If-Match\`
to write only over what you saw (412 otherwise). Reads are public; writes need credentials. A
method a path does not list answers a 405 problem with \`Allow\`. In a browser, \`/\` is the HAL
explorer.`;

/** Each `rest` entry with its routes and representations. */
function resourceVersions({ rest, routes }: OpenApiSources): ResourceVersion[] {
  const entries = Object.entries(rest).map(([name, entry]) => {
    const schemas = RESOURCE_SCHEMAS[name];
    if (schemas === undefined) {
      throw new Error(`The rest entry "${name}" has no schemas in src/openapi/resourceSchemas.ts`);
    }
    return { name, entry, schemas, summary: summaryOf(entry, schemas) };
  });
  // Embedded entities are summaries of other kinds, so every summary exists before any entity.
  const summaries = new Map<string, z.ZodType>(
    entries.map(({ entry, summary }) => [
      entry.entity,
      summary.meta({ id: `${entry.entity}Summary` }),
    ]),
  );
  const summaryOfKind = (kind: string) => {
    const summary = summaries.get(kind);
    if (summary === undefined) throw new Error(`No rest entry has the entity kind "${kind}"`);
    return summary;
  };
  return entries.map(({ name, entry, schemas, summary }) => ({
    name,
    entry,
    schemas,
    version: versionOf(entry.path),
    collectionRoute: routeOf(routes, `${name}::collection`),
    entityRoute: routeOf(routes, `${name}::entity`),
    entity: entityOf(entry, summary, summaryOfKind).meta({ id: entry.entity }),
    collection: collectionOf(entry, summaryOfKind(entry.entity)).meta({
      id: `${entry.entity}Collection`,
    }),
  }));
}

const URL_VERSION = /^\/v(\d+)(\/.*)$/;

function versionOf(path: string): number | undefined {
  const version = URL_VERSION.exec(path)?.[1];
  return version === undefined ? undefined : Number(version);
}

function routeOf(routes: readonly Route[], resource: string): Route {
  const route = routes.find((candidate) => candidate.options.resource === resource);
  if (route === undefined) throw new Error(`No route serves ${resource}`);
  return route;
}

/**
 * The unversioned paths versioning serves, such as `/speaker` for `/v1/speaker`: each with
 * the default version first, then the other versions a media type can ask for there.
 */
function unversionedPaths(
  versions: readonly ResourceVersion[],
  defaultVersion: number,
): Map<string, [ResourceVersion, ...ResourceVersion[]]> {
  const byPath = new Map<string, ResourceVersion[]>();
  for (const version of versions) {
    const path = URL_VERSION.exec(version.entry.path)?.[2];
    if (path !== undefined) byPath.set(path, [...(byPath.get(path) ?? []), version]);
  }
  const served = new Map<string, [ResourceVersion, ...ResourceVersion[]]>();
  for (const [path, list] of byPath) {
    const first = list.find((version) => version.version === defaultVersion);
    if (first) served.set(path, [first, ...list.filter((version) => version !== first)]);
  }
  return served;
}

/**
 * The operations of the routes that are no REST resource: the API roots, known by their
 * names (`root.v2`), and `GET /`, which serves them; the others from {@link RPC_OPERATIONS}.
 */
function nonRestOperations(
  sources: OpenApiSources,
  restRoutes: ReadonlySet<Route>,
  context: OperationContext,
): RouteConfig[] {
  const { vendor, defaultVersion = 1 } = sources.versioning;
  const operations: RouteConfig[] = [];
  const rootVersions: number[] = [];
  let defaultRoot: Route | undefined;
  for (const route of sources.routes) {
    if (restRoutes.has(route)) continue;
    const version = rootVersionOf(route);
    if (version !== undefined) rootVersions.push(version);
    if (version === defaultVersion) defaultRoot = route;
    const describe = (method: string) =>
      version !== undefined && method === 'GET'
        ? rootOperation(vendor, [version], false)
        : RPC_OPERATIONS[route.name]?.[method];
    operations.push(...rpcOperations(route, route.path, describe, context));
  }
  if (defaultRoot) {
    // Versioning serves GET / from the default version's root, or another's by media type.
    const others = rootVersions.filter((version) => version !== defaultVersion);
    const alias = rootOperation(vendor, [defaultVersion, ...others], true);
    operations.push(...rpcOperations(defaultRoot, '/', () => alias, context));
  }
  return operations;
}

/**
 * The operations of a route that is no REST resource, at `path`, each as `describe` says
 * for its method: {@link RPC_OPERATIONS} by route name, or the API root.
 */
function rpcOperations(
  route: Route,
  path: string,
  describe: (method: string) => RpcOperation | undefined,
  context: OperationContext,
): RouteConfig[] {
  const methods = (route.methods ?? []).filter(
    (method) => method !== 'HEAD' && method !== 'OPTIONS',
  );
  const authenticates = route.options.authentication !== false;
  return methods.map((method) => {
    const described = describe(method);
    if (described === undefined) {
      throw new Error(
        `${method} ${route.path} (route "${route.name}") has no description in src/openapi/rpcOperations.ts`,
      );
    }
    const needsIdentity = context.rules.requiresAuthentication(routeResource(route), method);
    return {
      ...(authenticates && { security: context.security(needsIdentity) }),
      ...described,
      method: method.toLowerCase() as RouteConfig['method'],
      path,
      responses: {
        ...described.responses,
        ...(authenticates && {
          401: problemResponse(
            401,
            'The credentials sent prove nothing (send none to call it as a guest).',
          ),
        }),
      },
    };
  });
}
