import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The layers of `framework/src`, lowest first. A file imports from its own folder and from
 * the folders of lower layers: never from a higher layer, nor from another folder of its
 * own layer. So each layer reads, and tests, knowing only what lies below it.
 *
 * | layer | folders | what they hold | what they take from below |
 * |--:|:--|:--|:--|
 * | 0 | `config`, `events`, `http`, `types` | configuration maps, events, the HTTP model: request, responses, errors, header rules | nothing |
 * | 1 | `container` | services by name | nothing |
 * | 2 | `middleware` | the shapes of middleware, the pipe, path prefixes, what the pipe asks of a trace | the request; the container, for middleware named as a service |
 * | 3 | `router`, `problem` | routes and what routing found; API Problem errors | a route holds middleware; the problem middleware is middleware |
 * | 4 | `negotiation`, `hal` | media types and bodies; HAL documents | negotiation refuses with problems; HAL links by route and refuses a page with a problem |
 * | 5 | `versioning`, `application` | versions by URL or media type; routes plus a pipeline | versioning reads media types; the application routes and pipes |
 * | 6 | `rest`, `auth` | REST resources; authentication and authorization (in rooms of their own: `AUTH_LAYERS`) | both register on, or read the route result of, an application |
 * | 7 | `server` | serving an application over node:http | the request, problems, the runner type it fits |
 * | 8 | `.` (`index.ts`, `createApplication.ts`, `createContainer.ts`, `configuration.ts`) | the public API; the application and the container with the framework's default services (node:http's `serve` among them); the shapes of configuration | everything |
 */
const LAYERS: readonly (readonly string[])[] = [
  ['config', 'events', 'http', 'types'],
  ['container'],
  ['middleware'],
  ['router', 'problem'],
  ['negotiation', 'hal'],
  ['versioning', 'application'],
  ['rest', 'auth'],
  ['server'],
  ['.'],
];

/** Every TypeScript file under `folder`, relative to it, with `/` separators. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The files of `folder` that `file` imports: every `import … from './x.ts'` and
 * `export … from './x.ts'`, type-only ones too, since a type ties a reader to its file as
 * much as a value does. Read by TypeScript's parser, so an import in a comment is no import.
 */
function importsOf(folder: string, file: string): string[] {
  const path = join(folder, file);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) return [];
    if (!specifier.text.startsWith('.')) return [];
    const target = resolve(dirname(path), specifier.text);
    return [relative(folder, target).split(sep).join('/')];
  });
}

/** The import graph of a source folder: each file with the files it imports, as `a -> b`. */
function importGraph(folder: string): { files: string[]; imports: string[] } {
  const files = sourceFiles(folder);
  const imports = files.flatMap((file) =>
    importsOf(folder, file).map((target) => `${file} -> ${target}`),
  );
  return { files, imports };
}

/**
 * The circles of a graph: each set of files that reach one another through imports
 * (Tarjan's strongly connected components), as sorted lists of files.
 */
function circles(files: readonly string[], imports: readonly string[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of imports) {
    const [from, to] = edge.split(' -> ') as [string, string];
    next.get(from)?.push(to);
  }
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) as number);
    stack.push(file);
    for (const target of next.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(target) as number));
      } else if (stack.includes(target)) {
        lowest.set(file, Math.min(lowest.get(file) as number, index.get(target) as number));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || next.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/** The folder of a file of `framework/src`: its first path segment, or `.` at the root. */
function folderOf(file: string): string {
  return file.includes('/') ? (file.split('/')[0] as string) : '.';
}

function layerOf(folder: string, layers = LAYERS): number {
  return layers.findIndex((folders) => folders.includes(folder));
}

/** The place of a file of `cli/src`: its first path segment, a folder or a root file. */
function placeOf(file: string): string {
  return file.split('/')[0] as string;
}

/**
 * The layers of `cli/src`, lowest first, by place: a folder, or a file of the root (whose
 * files stand at both ends: the terminal's helpers at the bottom, the command's entry at the
 * top). The same rule as the framework's: a file imports from its own place and from places
 * of lower layers only.
 *
 * | layer | places | what they hold |
 * |--:|:--|:--|
 * | 0 | `args.ts`, `failure.ts`, `orphaned.ts`, `terminal.ts`, `wrapHanging.ts` | the command line, failures in words, the terminal, the parent process |
 * | 1 | `markdown.ts` | Markdown for a terminal |
 * | 2 | `workshop` | the steps, the learner's workspace and progress, what a run of checks is |
 * | 3 | `harness` | the check harness: runs a step's checks and reports them |
 * | 4 | `ui` | the Ink app |
 * | 5 | `commands` | each subcommand, and what it needs from the outside world |
 * | 6 | `run.ts` | runs a command line |
 * | 7 | `main.ts` | the process: the real outside world |
 */
const CLI_LAYERS: readonly (readonly string[])[] = [
  ['args.ts', 'failure.ts', 'orphaned.ts', 'terminal.ts', 'wrapHanging.ts'],
  ['markdown.ts'],
  ['workshop'],
  ['harness'],
  ['ui'],
  ['commands'],
  ['run.ts'],
  ['main.ts'],
];

/**
 * The rooms of `framework/src/auth`, lowest first, by place: a folder, or a file of its own
 * (whose files stand at both ends: two helpers every room may use at the bottom, the provider
 * and the entry points at the top). The same rule again: a file imports from its own room
 * and from rooms of lower layers only, so each room reads knowing only what lies below it.
 *
 * | layer | places | what they hold |
 * |--:|:--|:--|
 * | 0 | `safeEqual.ts`, `configOf.ts` | comparing secrets; reading a room's part of the configuration |
 * | 1 | `stores` | state that machines share: the shared store, token stores, nonce counts |
 * | 2 | `limits` | counting failed attempts; checking passwords off the main thread |
 * | 3 | `schemes` | the adapter a scheme implements; Basic, Digest and OAuth2, each with its file format, nonces or token endpoint |
 * | 4 | `authentication` | the authenticator that asks the schemes, its middleware, identities, events, the configuration |
 * | 5 | `authorization` | rules, the middleware that judges by them, the guard that holds it in place |
 * | 6 | `authConfigProvider.ts` | every room's factories, combined |
 * | 7 | `index.ts`, `blocks.ts` | `hyperpipe/auth` and `hyperpipe/auth/blocks` |
 */
const AUTH_LAYERS: readonly (readonly string[])[] = [
  ['safeEqual.ts', 'configOf.ts'],
  ['stores'],
  ['limits'],
  ['schemes'],
  ['authentication'],
  ['authorization'],
  ['authConfigProvider.ts'],
  ['index.ts', 'blocks.ts'],
];

/**
 * The places of `framework/src/auth/schemes`, lowest first: what every scheme implements (the
 * `Authorization` header, the adapter interface, the base class of a scheme), then Basic, whose htpasswd file the password grant of OAuth2 and the htdigest reader build
 * on, then Digest and OAuth2, then the factories of the schemes' services.
 */
const SCHEME_LAYERS: readonly (readonly string[])[] = [
  ['authorizationHeader.ts'],
  ['AuthenticationAdapter.ts'],
  ['SchemeAdapter.ts'],
  ['basic'],
  ['digest', 'oauth2'],
  ['schemeFactories.ts'],
];

/**
 * The files of a graph under `folder` (such as `auth/`) and the imports among them, each path
 * relative to that folder.
 */
function within(graph: { files: string[]; imports: string[] }, folder: string) {
  const inside = (file: string) => file.startsWith(folder);
  const files = graph.files.filter(inside).map((file) => file.slice(folder.length));
  const imports = graph.imports
    .map((edge) => edge.split(' -> ') as [string, string])
    .filter(([from, to]) => inside(from) && inside(to))
    .map(([from, to]) => `${from.slice(folder.length)} -> ${to.slice(folder.length)}`);
  return { files, imports };
}

/** Imports from a place to a place of the same or a higher layer. */
function upward(imports: readonly string[], layers: readonly (readonly string[])[]): string[] {
  return imports.filter((edge) => {
    const [from, to] = edge.split(' -> ').map(placeOf) as [string, string];
    return from !== to && layerOf(to, layers) >= layerOf(from, layers);
  });
}

const FRAMEWORK = importGraph(join(ROOT, 'framework', 'src'));
const CLI = importGraph(join(ROOT, 'cli', 'src'));

describe('the import graph of framework/src', () => {
  it('is read from the source files', () => {
    expect(FRAMEWORK.files.length).toBeGreaterThan(50);
    expect(FRAMEWORK.imports).toContain('index.ts -> application/Application.ts');
  });

  it('places every folder in a layer', () => {
    const folders = [...new Set(FRAMEWORK.files.map(folderOf))];
    expect(folders.filter((folder) => layerOf(folder) === -1)).toEqual([]);
  });

  it('has no import from a folder to a higher layer or to a folder of its own layer', () => {
    const against = FRAMEWORK.imports.filter((edge) => {
      const [from, to] = edge.split(' -> ').map(folderOf) as [string, string];
      return from !== to && layerOf(to) >= layerOf(from);
    });
    expect(against).toEqual([]);
  });

  it('has no circle', () => {
    expect(circles(FRAMEWORK.files, FRAMEWORK.imports)).toEqual([]);
  });
});

describe('the rooms of framework/src/auth', () => {
  const AUTH = within(FRAMEWORK, 'auth/');
  const SCHEMES = within(AUTH, 'schemes/');

  it('are read from the source files', () => {
    expect(AUTH.files.length).toBeGreaterThan(30);
    expect(AUTH.imports).toContain('schemes/basic/BasicAdapter.ts -> schemes/SchemeAdapter.ts');
    expect(SCHEMES.imports).toContain('basic/BasicAdapter.ts -> SchemeAdapter.ts');
  });

  it('place every file in a layer', () => {
    const places = [...new Set(AUTH.files.map(placeOf))];
    expect(places.filter((place) => layerOf(place, AUTH_LAYERS) === -1)).toEqual([]);
    const schemes = [...new Set(SCHEMES.files.map(placeOf))];
    expect(schemes.filter((place) => layerOf(place, SCHEME_LAYERS) === -1)).toEqual([]);
  });

  it('have no import from a room to a higher room or to a room of its own layer', () => {
    expect(upward(AUTH.imports, AUTH_LAYERS)).toEqual([]);
    expect(upward(SCHEMES.imports, SCHEME_LAYERS)).toEqual([]);
  });

  it('have no circle', () => {
    expect(circles(AUTH.files, AUTH.imports)).toEqual([]);
  });

  it('would see an import upward', () => {
    expect(upward(['stores/TokenStore.ts -> limits/failureKeys.ts'], AUTH_LAYERS)).toHaveLength(1);
  });
});

describe('the import graph of cli/src', () => {
  it('is read from the source files', () => {
    expect(CLI.files.length).toBeGreaterThan(50);
    expect(CLI.imports).toContain('harness/expect.ts -> harness/exchange.ts');
  });

  it('places every file in a layer', () => {
    const places = [...new Set(CLI.files.map(placeOf))];
    expect(places.filter((place) => layerOf(place, CLI_LAYERS) === -1)).toEqual([]);
  });

  it('has no import from a place to a higher layer or to a place of its own layer', () => {
    const against = CLI.imports.filter((edge) => {
      const [from, to] = edge.split(' -> ').map(placeOf) as [string, string];
      return from !== to && layerOf(to, CLI_LAYERS) >= layerOf(from, CLI_LAYERS);
    });
    expect(against).toEqual([]);
  });

  it('has no circle', () => {
    expect(circles(CLI.files, CLI.imports)).toEqual([]);
  });
});

describe('the circle finder', () => {
  it('finds a circle of three files, and none in a chain', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];
    const chain = ['a.ts -> b.ts', 'b.ts -> c.ts', 'c.ts -> d.ts'];
    expect(circles(files, chain)).toEqual([]);
    expect(circles(files, [...chain, 'c.ts -> a.ts'])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
