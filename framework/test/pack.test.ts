import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProcess } from './support/ownProcess.ts';

/**
 * Hyperpipe outside this repository: `npm run package` builds the tarball, it is installed
 * into an empty folder as npm would (with the dependencies the lockfile pins, so that the
 * verdict is the same on every day), and a project there uses it as any other package, from
 * JavaScript and from TypeScript. Nothing here resolves `hyperpipe` through the repository.
 */

const FRAMEWORK = fileURLToPath(new URL('../', import.meta.url));
const ROOT = join(FRAMEWORK, '..');
const MANIFEST = JSON.parse(readFileSync(join(FRAMEWORK, 'package.json'), 'utf8'));
/** Every subpath the repository exports, such as `hyperpipe/hal`. */
const SUBPATHS = Object.keys(MANIFEST.exports)
  .filter((subpath) => subpath !== '.')
  .map((subpath) => `hyperpipe${subpath.slice(1)}`);

/** Runs a command to its end, its output captured. */
function run(command: string, args: string[], cwd: string) {
  // On Windows `npm` is a .cmd file, which only a shell starts.
  const shell = process.platform === 'win32' && command === 'npm';
  return spawnSync(command, args, { cwd, encoding: 'utf8', shell });
}

/** Runs a command, and throws with its output when it fails. */
function succeed(command: string, args: string[], cwd: string): void {
  const { status, stdout, stderr } = run(command, args, cwd);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`);
}

/**
 * The files the compiled modules under `dist` load by URL, such as a worker thread's:
 * `new URL('./x.js', import.meta.url)`. Only names with an extension: a folder named in a
 * message (loadConfig's advice) is not loaded.
 */
function filesLoadedByUrl(dist: string): string[] {
  const byUrl = /new URL\('(\.\.?\/[^']+\.\w+)', import\.meta\.url\)/g;
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => {
      const code = readFileSync(join(dist, file), 'utf8');
      return [...code.matchAll(byUrl)].map(([, target]) => join(dist, dirname(file), `${target}`));
    });
}

/**
 * The files the source maps under `dist` name, as absolute paths: `.js.map` for stack traces,
 * `.d.ts.map` for an editor's "go to definition".
 */
function sourceMapSources(dist: string): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.map'))
    .flatMap((file) => {
      const { sources } = JSON.parse(readFileSync(join(dist, file), 'utf8'));
      return sources.map((source: string) => join(dist, dirname(file), source));
    });
}

/**
 * Where `npm ci` installed a dependency of the framework: the versions the lockfile pins.
 *
 * @param name - a package name, such as `ioredis`
 */
function installedDependency(name: string): string {
  for (const folder of [join(FRAMEWORK, 'node_modules', name), join(ROOT, 'node_modules', name)]) {
    if (existsSync(join(folder, 'package.json'))) return folder;
  }
  throw new Error(`${name} is not installed: run npm ci`);
}

/**
 * Installs the tarball as npm would, without asking the registry: its files go to
 * `node_modules/hyperpipe`, and each dependency its manifest names is a link to the copy
 * `npm ci` installed here, at the version the lockfile pins. Installing by the manifest's
 * ranges would test whatever the registry serves that day. Node follows each link to the
 * repository's `node_modules`, where the dependencies' own dependencies are.
 */
function installOffline(tarball: string, project: string): void {
  const installed = join(project, 'node_modules', MANIFEST.name);
  mkdirSync(installed, { recursive: true });
  // npm's tarballs hold one folder, `package/`.
  succeed('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], project);
  const packed = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const name of Object.keys(packed.dependencies ?? {})) {
    const link = join(project, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    // A junction on Windows needs no administrator's rights; elsewhere the type is ignored.
    symlinkSync(installedDependency(name), link, 'junction');
  }
}

/** A JavaScript application whose route path Hyperpipe refuses, throwing from its own code. */
const FAILING_APP = `
import { createApplication } from 'hyperpipe';
createApplication().get('hello', () => new Response());
`;

/** A plain JavaScript application: the root export and every subpath, served on port 0. */
const APP = `
import { createApplication, json } from 'hyperpipe';
${SUBPATHS.map((subpath, i) => `import * as subpath${i} from '${subpath}';`).join('\n')}

const subpaths = { ${SUBPATHS.map((subpath, i) => `'${subpath}': Object.keys(subpath${i})`).join(', ')} };
const app = createApplication();
app.get('/hello/{name}', (request) => json({ hello: request.param('name'), subpaths }));
const server = await app.run({ port: 0, hostname: '127.0.0.1' });
console.log(server.url);
`;

/** A TypeScript consumer: wrong types in it, or missing declarations, fail tsc. */
const CONSUMER = `
import { createApplication, json, type ServerRequest } from 'hyperpipe';
${SUBPATHS.map((subpath, i) => `import * as subpath${i} from '${subpath}';`).join('\n')}

const app = createApplication();
app.get('/hello/{name}', (request: ServerRequest) => json({ hello: request.param('name') }));
const port: number = (await app.run({ port: 0 })).port;
export const used = [port, ${SUBPATHS.map((_, i) => `subpath${i}`).join(', ')}];
`;

/** Strict, and resolving packages as Node does; skipLibCheck off, to check the declarations. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'es2023',
    // No DOM library: the declarations need only what @types/node declares.
    lib: ['es2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    // @types/node from the repository: the temporary project installs only hyperpipe.
    typeRoots: [join(ROOT, 'node_modules', '@types')],
    types: ['node'],
    noEmit: true,
  },
  files: ['consumer.ts'],
};

describe('hyperpipe packed and installed in an empty folder', () => {
  let project: string;
  let app: ChildProcess | undefined;

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'hyperpipe-project-'));
    succeed(process.execPath, [join(FRAMEWORK, 'scripts', 'pack.ts'), project], FRAMEWORK);
    writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
    installOffline(join(project, `${MANIFEST.name}-${MANIFEST.version}.tgz`), project);
  }, 180_000);

  afterAll(() => {
    app?.kill();
    rmSync(project, { recursive: true, force: true });
  });

  it('holds JavaScript, declarations, their source maps and a license', () => {
    const installed = join(project, 'node_modules', 'hyperpipe');
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' });
    for (const file of ['index.js', 'index.d.ts', 'index.js.map', 'index.d.ts.map']) {
      expect(files).toContain(join('dist', file));
    }
    expect(files).toContain('LICENSE');
  });

  it('exports JavaScript and declarations only: its TypeScript source is there for the maps', () => {
    const installed = join(project, 'node_modules', 'hyperpipe');
    const { exports }: { exports: Record<string, Record<string, string>> } = JSON.parse(
      readFileSync(join(installed, 'package.json'), 'utf8'),
    );
    const targets = Object.values(exports).flatMap((conditions) => Object.values(conditions));
    expect(targets.filter((target) => !/^\.\/dist\/.+\.(js|d\.ts)$/.test(target))).toEqual([]);
    const mapped = sourceMapSources(join(installed, 'dist'));
    expect(mapped.length).toBeGreaterThan(0);
    expect(mapped.filter((file) => !file.startsWith(join(installed, 'src')))).toEqual([]);
    expect(mapped.filter((file) => !existsSync(file))).toEqual([]);
  });

  it('reports its errors at the lines of its TypeScript source under --enable-source-maps', () => {
    writeFileSync(join(project, 'fail.mjs'), FAILING_APP);
    const { stderr } = run(process.execPath, ['--enable-source-maps', 'fail.mjs'], project);
    // The frame that threw, such as `at parseRoutePath (/…/hyperpipe/src/router/x.ts:22:36)`.
    const frame = /^\s+at .+? \((.+\.ts):(\d+):\d+\)$/m.exec(stderr);
    if (frame === null) throw new Error(`No frame in TypeScript source:\n${stderr}`);
    const [, file = '', line = ''] = frame;
    // Node names modules by their real path: the temporary folder may be behind a symlink.
    expect(file.startsWith(join(realpathSync(project), 'node_modules', 'hyperpipe', 'src'))).toBe(
      true,
    );
    expect(readFileSync(file, 'utf8').split('\n')[Number(line) - 1]).toMatch(/\bthrow\b/);
  });

  it('runs a JavaScript application that answers over HTTP', async () => {
    writeFileSync(join(project, 'app.mjs'), APP);
    app = spawn(process.execPath, ['app.mjs'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    ownProcess(app);
    let errors = '';
    app.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    const [url] = (await Promise.race([
      once(createInterface({ input: app.stdout as NodeJS.ReadableStream }), 'line'),
      once(app, 'exit').then(() => {
        throw new Error(`The application stopped before listening:\n${errors}`);
      }),
    ])) as [string];

    const response = await fetch(`${url}/hello/pack`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.hello).toBe('pack');
    for (const subpath of SUBPATHS) expect(body.subpaths[subpath], subpath).not.toEqual([]);
  });

  it('type-checks a strict TypeScript consumer against its declarations', () => {
    writeFileSync(join(project, 'consumer.ts'), CONSUMER);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const { status, stdout } = run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    expect(stdout).toBe('');
    expect(status).toBe(0);
  });

  it('declares the same dependencies as the repository, which the lockfile pins', () => {
    const installed = join(project, 'node_modules', 'hyperpipe', 'package.json');
    expect(JSON.parse(readFileSync(installed, 'utf8')).dependencies).toEqual(MANIFEST.dependencies);
  });

  it('has declarations that import no package but Node and its own subpaths', () => {
    // A strict consumer type-checks every declaration file it reaches: one that named
    // ioredis's types, say, would make every consumer check ioredis's, whatever it uses.
    const dist = join(project, 'node_modules', 'hyperpipe', 'dist');
    const specifiers = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.d.ts'))
      .flatMap((file) => {
        // Doc comments hold examples that import other packages: only code counts.
        const code = readFileSync(join(dist, file), 'utf8').replace(
          /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
          '',
        );
        const imports = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
        return [...code.matchAll(imports)].map(([, specifier]) => `${file}: ${specifier}`);
      });
    expect(specifiers.length).toBeGreaterThan(0);
    const foreign = specifiers.filter((line) => !/: (\.\.?\/|node:|hyperpipe(\/|$))/.test(line));
    expect(foreign).toEqual([]);
  });

  it('holds every file its code loads by URL, such as the password worker', () => {
    const loaded = filesLoadedByUrl(join(project, 'node_modules', 'hyperpipe', 'dist'));
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((file) => !existsSync(file))).toEqual([]);
  });

  it('has a README that names every subpath and the TypeScript its declarations need', () => {
    const readme = readFileSync(join(project, 'node_modules', 'hyperpipe', 'README.md'), 'utf8');
    expect(SUBPATHS.filter((subpath) => !readme.includes(`\`${subpath}\``))).toEqual([]);
    const typescript = MANIFEST.peerDependencies.typescript.replace('>=', '');
    expect(readme).toContain(`TypeScript ${typescript} or later`);
  });

  it('refuses plain `npm pack` in framework/, naming the script to run', () => {
    const { status, stdout, stderr } = run('npm', ['pack', '--dry-run'], FRAMEWORK);
    expect(status).not.toBe(0);
    expect(stdout + stderr).toContain('npm run package');
  });
});
