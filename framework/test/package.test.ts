import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint, type Result } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The tarball `npm run package` writes, read as a registry would publish it: publint checks
 * its manifest against the files it holds, and "Are the Types Wrong?" (attw) resolves every
 * entry point as TypeScript and Node do. Both read the local file, without the network.
 */

const FRAMEWORK = fileURLToPath(new URL('../', import.meta.url));
const { name, version } = JSON.parse(readFileSync(join(FRAMEWORK, 'package.json'), 'utf8'));

/** attw's command, from the bin its package.json names. */
function attwBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@arethetypeswrong/cli/package.json');
  return join(dirname(manifestPath), JSON.parse(readFileSync(manifestPath, 'utf8')).bin.attw);
}

describe('the packed hyperpipe tarball', () => {
  let folder: string;
  let tarball: string;
  /** publint's findings, suggestions included and warnings as errors, and the manifest it read. */
  let linted: Result;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'hyperpipe-tarball-'));
    const packing = spawnSync(process.execPath, [join(FRAMEWORK, 'scripts', 'pack.ts'), folder], {
      cwd: FRAMEWORK,
      encoding: 'utf8',
    });
    if (packing.status !== 0) throw new Error(`npm run package failed:\n${packing.stderr}`);
    tarball = join(folder, `${name}-${version}.tgz`);
    // A copy of exactly the file's bytes: a Buffer may share a larger pool.
    const bytes = new Uint8Array(readFileSync(tarball)).buffer;
    linted = await publint({ pack: { tarball: bytes }, level: 'suggestion', strict: true });
  }, 180_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('passes publint, suggestions included', () => {
    const { messages, pkg } = linted;
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it('passes attw for ES module consumers: Node 16+ resolution and bundlers', () => {
    // The esm-only profile leaves out CommonJS consumers and TypeScript's node10 resolution,
    // which reads no "exports": hyperpipe ships ES modules only, and needs Node 22.18, where
    // require() loads them; attw's TypeScript (5.6) still calls that "dynamic import only".
    const { status, stdout, stderr } = spawnSync(
      process.execPath,
      [attwBin(), tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'],
      { encoding: 'utf8' },
    );
    expect(status, stdout + stderr).toBe(0);
  });

  it('is publishable: not private, licensed, free of side effects on import', () => {
    const { pkg } = linted;
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.engines.node).toBe('>=22.18');
    expect(pkg.types).toBe('./dist/index.d.ts');
  });

  it('says which TypeScript its declarations need, without installing it for JavaScript users', () => {
    const { pkg } = linted;
    // Uint8Array<ArrayBuffer>, typed arrays' generic form, is TypeScript 5.7's.
    expect(pkg.peerDependencies).toEqual({ typescript: '>=5.7' });
    expect(pkg.peerDependenciesMeta).toEqual({ typescript: { optional: true } });
  });
});
