import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compilerOptions,
  EXAMPLES_FOLDER,
  entryPoints,
  examplesOf,
  importLine,
  type PublicApi,
  packageEntries,
  publicApi,
  typeCheck,
} from './examples.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPTIONS = compilerOptions(ROOT);

describe('the @example blocks of the public API', () => {
  let api: PublicApi;
  beforeAll(() => {
    api = publicApi(packageEntries(ROOT), OPTIONS);
  }, 60_000);

  it('read every entry point of the package: the root and each subpath', () => {
    expect(api.modules.map(({ specifier }) => specifier)).toEqual(
      expect.arrayContaining(['hyperpipe', 'hyperpipe/hal', 'hyperpipe/auth']),
    );
    expect(api.modules.every(({ exports }) => exports.length > 0)).toBe(true);
  });

  it('document every exported class, function and constant, as docs/README.md says', () => {
    const documented = new Set(examplesOf(api).map(({ owner }) => owner.split('.')[0]));
    const undocumented = entryPoints(api).filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });

  it('compile against hyperpipe as a user imports it', () => {
    const examples = examplesOf(api);
    expect(examples.length).toBeGreaterThan(0);
    expect(typeCheck(examples, importLine(api), EXAMPLES_FOLDER, OPTIONS)).toEqual([]);
  }, 60_000);

  it('fail on a broken example, naming it and the line', () => {
    const broken = [
      {
        owner: 'json',
        code: 'const answer = json({ ack: 1 }, { status: 200 });\nanswer.nope();\n',
      },
    ];
    expect(typeCheck(broken, importLine(api), EXAMPLES_FOLDER, OPTIONS)).toEqual([
      expect.stringMatching(/^@example of json, line 2: Property 'nope' does not exist/),
    ]);
  }, 60_000);
});
