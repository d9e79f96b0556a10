import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from 'hyperpipe';
import { mergeConfig } from 'hyperpipe/config';
import { afterEach, describe, expect, it } from 'vitest';

const folders: string[] = [];

/** A temporary config folder holding `files` (name → content). */
async function folderWith(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'hyperpipe-config-'));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) await writeFile(join(folder, name), content);
  return folder;
}

afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

describe('mergeConfig', () => {
  it('merges maps recursively', () => {
    expect(mergeConfig({ db: { host: 'a', port: 1 } }, { db: { port: 2 } })).toEqual({
      db: { host: 'a', port: 2 },
    });
  });

  it('appends lists', () => {
    expect(mergeConfig({ list: [1, 2] }, { list: [3] })).toEqual({ list: [1, 2, 3] });
  });

  it('replaces other values, also a map by a value and a list by a map', () => {
    expect(mergeConfig({ a: 1, b: { x: 1 }, c: [1] }, { a: 2, b: 'flat', c: { k: 1 } })).toEqual({
      a: 2,
      b: 'flat',
      c: { k: 1 },
    });
  });

  it('does not merge into class instances: they are values', () => {
    const date = new Date(0);
    expect(mergeConfig({ when: { a: 1 } }, { when: date }).when).toBe(date);
  });

  it('changes neither argument', () => {
    const base = { db: { host: 'a' }, list: [1] };
    const override = { db: { host: 'b' }, list: [2] };
    mergeConfig(base, override);
    expect(base).toEqual({ db: { host: 'a' }, list: [1] });
    expect(override).toEqual({ db: { host: 'b' }, list: [2] });
  });
});

describe('loadConfig', () => {
  it('says a relative folder is read from the working directory when it is not there', async () => {
    await expect(loadConfig('no/such/config/autoload')).rejects.toThrow(
      `No configuration folder at ${process.cwd()}/no/such/config/autoload: the relative folder ` +
        `"no/such/config/autoload" is read from the working directory, ${process.cwd()}.`,
    );
  });

  it('applies *.local.* files after *.global.* files, whatever their names', async () => {
    const folder = await folderWith({
      'a.local.json': JSON.stringify({ db: { host: 'local' } }),
      'z.global.json': JSON.stringify({ db: { host: 'global', port: 5432 } }),
    });
    expect(await loadConfig(folder)).toEqual({ db: { host: 'local', port: 5432 } });
  });

  it('applies the files of each group in name order', async () => {
    const folder = await folderWith({
      'b.global.json': JSON.stringify({ name: 'b', order: ['b'] }),
      'a.global.json': JSON.stringify({ name: 'a', order: ['a'] }),
      'b.local.json': JSON.stringify({ order: ['bl'] }),
      'a.local.json': JSON.stringify({ order: ['al'] }),
    });
    expect(await loadConfig(folder)).toEqual({ name: 'b', order: ['a', 'b', 'al', 'bl'] });
  });

  it('reads modules (.ts default export) and JSON, merging maps recursively and appending lists', async () => {
    const folder = await folderWith({
      'pipeline.global.ts': `export default { middleware_pipeline: [{ middleware: 'A' }], db: { host: 'h', options: { ssl: false } } };`,
      'more.global.json': JSON.stringify({ middleware_pipeline: [{ middleware: 'B' }] }),
      'db.local.ts': `const config: Record<string, unknown> = { db: { options: { ssl: true } } };\nexport default config;`,
    });
    expect(await loadConfig(folder)).toEqual({
      middleware_pipeline: [{ middleware: 'B' }, { middleware: 'A' }],
      db: { host: 'h', options: { ssl: true } },
    });
  });

  it('ignores files that are neither global nor local', async () => {
    const folder = await folderWith({
      'app.global.json': JSON.stringify({ a: 1 }),
      'app.local.json.dist': JSON.stringify({ a: 2 }),
      'README.md': '# not config',
      'helpers.ts': 'export default { a: 3 };',
      'global.json': JSON.stringify({ a: 4 }),
    });
    expect(await loadConfig(folder)).toEqual({ a: 1 });
  });

  it('an empty folder is an empty configuration', async () => {
    expect(await loadConfig(await folderWith({}))).toEqual({});
  });

  it.each([
    ['bad.global.json', '[1, 2]', /bad\.global\.json must hold an object/],
    ['bad.global.ts', 'export default 42;', /bad\.global\.ts must export as default an object/],
  ])('a file that is not an object (%s) is named in the error', async (name, content, message) => {
    const folder = await folderWith({ [name]: content });
    await expect(loadConfig(folder)).rejects.toThrow(message);
  });
});
