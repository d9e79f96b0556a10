import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilerOptions, type PublicApi, packageEntries, publicApi } from './docs/examples.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = join(ROOT, 'framework', 'src');
/** `hyperpipe` and its subpaths, as `framework/package.json` declares them in `exports`. */
const ENTRIES = packageEntries(ROOT);

/**
 * How many names `hyperpipe` itself may export, types included: what an application author
 * needs, about the size of Hono's root (21) with the types the root's members mention, and
 * the two entity-tag functions a handler answers a conditional GET with. Everything else
 * belongs to the subpath of its concept: the `Runner` type to `hyperpipe/server`, the options
 * of a pipeline entry to `hyperpipe/middleware` (issue 47).
 */
const ROOT_LIMIT = 40;

/** The subpaths of the design (DESIGN §9), one per concept; the exports map may hold more. */
const SUBPATHS = [
  'hyperpipe/hal',
  'hyperpipe/problem',
  'hyperpipe/rest',
  'hyperpipe/negotiation',
  'hyperpipe/versioning',
  'hyperpipe/auth',
  'hyperpipe/auth/blocks',
  'hyperpipe/server',
  'hyperpipe/router',
];

/**
 * Machinery of the framework that no entry point exports, each still exported by its own
 * file for the files (and tests) beside it.
 */
const INTERNALS = [
  'isMap',
  'resourceOf',
  'tracingOf',
  'logToStderr',
  'parseAuthorization',
  'safeEqual',
  'MemoryNonceCounts',
  'RedisNonceCounts',
  'TOKENS_PER_USER',
  'sha256',
  'words',
];

/**
 * Names the guides tell users to import, each from the one entry point that exports it: what
 * middleware between routing and dispatch reads, the errors users catch by class, and what a
 * handler answers a conditional GET with (step 06).
 */
const PINNED: Readonly<Record<string, readonly string[]>> = {
  hyperpipe: ['entityTag', 'noneMatchFails'],
  'hyperpipe/router': ['ROUTE_RESULT', 'RouteResult', 'MethodNotAllowedError'],
  'hyperpipe/middleware': ['InvalidMiddlewareError'],
  'hyperpipe/container': ['ServiceNotFoundError', 'CircularDependencyError'],
};

/**
 * What an application writes against authentication and authorization, all that
 * `hyperpipe/auth` exports: the provider and the shapes of its configuration, the identity and
 * the events a listener reads, and the middleware and endpoint an application places. The
 * parts they are built from (adapters, limits, stores) are `hyperpipe/auth/blocks`, so that
 * a reader of `hyperpipe/auth` meets the names an application uses and no others.
 */
const AUTH = [
  'AuthEvent',
  'AuthEvents',
  'AuthenticationConfig',
  'AuthenticationLimitsOptions',
  'AuthenticationMiddleware',
  'AuthorizationConfig',
  'AuthorizationMiddleware',
  'AuthorizationRules',
  'BasicConfig',
  'DigestConfig',
  'ForwardedHeader',
  'GUEST',
  'IDENTITY',
  'Identity',
  'OAuth2ClientSecret',
  'OAuth2Config',
  'OAuth2TokenEndpoint',
  'ResourceRules',
  'SharedStoreConfig',
  'authConfigProvider',
  'authenticatedIdentity',
];

/** Building blocks the guides name, from the one entry point that exports them. */
const AUTH_BLOCKS = [
  'Authenticator',
  'AuthenticationLimits',
  'BasicAdapter',
  'DigestNonces',
  'Htpasswd',
  'SharedStore',
  'SqliteTokenStore',
  'RedisTokenStore',
  'TokenStore',
];

/** Every TypeScript file of `framework/src`. */
function sourceTexts(): string[] {
  return readdirSync(SOURCES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

describe('the public API of hyperpipe', () => {
  let api: PublicApi;
  const namesOf = (specifier: string): string[] =>
    api.modules
      .find((module) => module.specifier === specifier)
      ?.exports.map((exported) => exported.name) ?? [];

  beforeAll(() => {
    api = publicApi(ENTRIES, compilerOptions(ROOT));
  }, 60_000);

  it(`exports at most ${ROOT_LIMIT} names, types included, from the root`, () => {
    const names = namesOf('hyperpipe');
    expect(names.length).toBeGreaterThan(10);
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(ROOT_LIMIT);
  });

  it('declares a subpath for each concept of the design', () => {
    expect(ENTRIES.map(({ specifier }) => specifier)).toEqual(
      expect.arrayContaining(['hyperpipe', ...SUBPATHS]),
    );
  });

  it.each(ENTRIES.map(({ specifier }) => specifier))(
    'resolves %s as a user imports it, and exports something from it',
    async (specifier) => {
      const module = (await import(specifier)) as Record<string, unknown>;
      expect(Object.keys(module).length).toBeGreaterThan(0);
      expect(Object.keys(module).every((name) => namesOf(specifier).includes(name))).toBe(true);
    },
  );

  it('exports each name from one entry point only, so there is one place to import it from', () => {
    const homes = new Map<string, string[]>();
    for (const { specifier, exports } of api.modules) {
      for (const { name } of exports) homes.set(name, [...(homes.get(name) ?? []), specifier]);
    }
    const twice = [...homes].filter(([, specifiers]) => specifiers.length > 1);
    expect(twice.map(([name, specifiers]) => `${name}: ${specifiers.join(', ')}`)).toEqual([]);
  });

  it.each(Object.entries(PINNED))(
    'exports from %s what the guides import from it',
    (specifier, names) => {
      expect(names.filter((name) => !namesOf(specifier).includes(name))).toEqual([]);
    },
  );

  it('exports from hyperpipe/auth what an application writes against, and nothing else', () => {
    expect(namesOf('hyperpipe/auth').sort()).toEqual([...AUTH].sort());
  });

  it('exports the building blocks of authentication from hyperpipe/auth/blocks', () => {
    expect(AUTH_BLOCKS.filter((name) => !namesOf('hyperpipe/auth/blocks').includes(name))).toEqual(
      [],
    );
  });

  it('exports none of the internals', () => {
    const exported = api.modules.flatMap(({ specifier, exports }) =>
      exports
        .filter(({ name }) => INTERNALS.includes(name))
        .map(({ name }) => `${name} from ${specifier}`),
    );
    expect(exported).toEqual([]);
  });

  it('names internals that exist: each is exported by a file of framework/src', () => {
    const texts = sourceTexts().join('\n');
    const missing = INTERNALS.filter(
      (name) => !new RegExp(`export (?:async )?(?:function|const|class) ${name}\\b`).test(texts),
    );
    expect(missing).toEqual([]);
  });
});
