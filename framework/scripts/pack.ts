/**
 * Packs `hyperpipe` for use outside this repository: `npm run package` in `framework/`
 * writes `hyperpipe-<version>.tgz` there (or into the folder given as first argument).
 *
 * The repository runs Hyperpipe from its TypeScript source: `package.json` "exports" name
 * `./src/*.ts`, which Node, vitest and tsc load without any flag. Node refuses to strip types
 * under `node_modules`, so an installed package must hold JavaScript. `npm pack` packs the
 * folder's own `package.json`, so this script stages a copy elsewhere instead: compiled
 * `dist/` with declarations and source maps, the `src/` they map to, the README and LICENSE,
 * and a manifest whose "exports" name `dist/`. Nothing in the repository changes, even when
 * the build fails halfway; plain `npm pack` in `framework/` is refused by its `prepack` script.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const FRAMEWORK = fileURLToPath(new URL('../', import.meta.url));

/** The fields of framework/package.json this script reads; it keeps the others as they are. */
interface Manifest {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  [field: string]: unknown;
}

/** An entry of the packed "exports": the compiled module and its declarations. */
interface PackedExport {
  types: string;
  default: string;
}

/**
 * The packed "exports", derived from the repository's: each `./src/x.ts` becomes
 * `./dist/x.js` with its declarations `./dist/x.d.ts`, whatever subpaths the map holds.
 *
 * @param exports - the "exports" of framework/package.json
 */
function packedExports(exports: Record<string, unknown>): Record<string, PackedExport> {
  return Object.fromEntries(
    Object.entries(exports).map(([subpath, target]) => {
      const module = typeof target === 'string' ? /^\.\/src\/(.+)\.ts$/.exec(target)?.[1] : null;
      if (!module) {
        throw new Error(`Cannot pack export "${subpath}": expected "./src/<file>.ts"`);
      }
      return [subpath, { types: `./dist/${module}.d.ts`, default: `./dist/${module}.js` }];
    }),
  );
}

/** Runs a command in `cwd`, its output shown, and throws when it fails. */
function run(command: string, args: string[], cwd: string): void {
  // On Windows `npm` is a .cmd file, which only a shell starts.
  const shell = process.platform === 'win32' && command === 'npm';
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', shell });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Files loaded by URL, such as a worker thread's (`new URL('./worker.ts', import.meta.url)`),
 * are not imports: tsc leaves their `.ts` as it is, and the compiled files must name `.js`.
 *
 * @param folder - the compiled files, searched recursively
 */
function rewriteModuleUrls(folder: string): void {
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.js')) continue;
    const file = join(folder, name);
    const code = readFileSync(file, 'utf8');
    const rewritten = code.replace(
      /new URL\('(\.\.?\/[^']+)\.ts', import\.meta\.url\)/g,
      "new URL('$1.js', import.meta.url)",
    );
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
}

/**
 * tsc writes each source map's `sources` as paths from the temporary folder back into the
 * repository's `framework/src/`. The package ships its own copy of `src/`, so each path is
 * made relative to that copy: editors and `node --enable-source-maps` then open the
 * TypeScript inside the installed package.
 *
 * @param stage - the staged package: `dist/` with its `.map` files, and `src/`
 */
function relocateSourceMaps(stage: string): void {
  const compiled = join(stage, 'dist');
  const source = join(FRAMEWORK, 'src');
  for (const name of readdirSync(compiled, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.map')) continue;
    const file = join(compiled, name);
    const map = JSON.parse(readFileSync(file, 'utf8'));
    map.sources = map.sources.map((path: string) => {
      const shipped = join(stage, 'src', relative(source, resolve(dirname(file), path)));
      // Source maps hold URLs: forward slashes on every platform.
      return relative(dirname(file), shipped).split(sep).join('/');
    });
    writeFileSync(file, JSON.stringify(map));
  }
}

/**
 * The packed manifest: the repository's, with "exports" and "types" naming `dist/`, and
 * without what only the repository uses: its scripts, and "private", which there keeps the
 * TypeScript-source workspace from being published by mistake.
 *
 * @param repository - the parsed framework/package.json
 */
function packedManifest(repository: Manifest): Manifest {
  const { scripts: _scripts, private: _private, ...manifest } = repository;
  const exports = packedExports(manifest.exports);
  // "types" for tools that read no "exports", such as TypeScript's old node10 resolution.
  const types = exports['.']?.types;
  return { ...manifest, types, exports, files: ['dist', 'src'] };
}

/** Builds the package in a temporary folder and packs it into `destination`. */
function pack(destination: string): void {
  const stage = mkdtempSync(join(tmpdir(), 'hyperpipe-package-'));
  try {
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript')), '../bin/tsc');
    const tsconfig = join(FRAMEWORK, 'tsconfig.build.json');
    run(process.execPath, [tsc, '-p', tsconfig, '--outDir', join(stage, 'dist')], FRAMEWORK);
    rewriteModuleUrls(join(stage, 'dist'));
    cpSync(join(FRAMEWORK, 'src'), join(stage, 'src'), { recursive: true });
    relocateSourceMaps(stage);

    const manifest = packedManifest(
      JSON.parse(readFileSync(join(FRAMEWORK, 'package.json'), 'utf8')),
    );
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const file of ['README.md', 'LICENSE']) cpSync(join(FRAMEWORK, file), join(stage, file));

    // npm lists every file it packs at the "notice" level: the tarball's name is enough here.
    run('npm', ['pack', '--loglevel=warn', '--pack-destination', destination], stage);
    const tarball = join(destination, `${manifest.name}-${manifest.version}.tgz`);
    console.log(`Packed ${tarball}; in a project: npm install ${tarball}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

pack(resolve(process.argv[2] ?? FRAMEWORK));
