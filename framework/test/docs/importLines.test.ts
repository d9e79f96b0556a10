import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compilerOptions, type PublicApi, packageEntries, publicApi } from './examples.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** `hyperpipe` and its subpaths, as `framework/package.json` declares them in `exports`. */
const ENTRIES = packageEntries(ROOT);

/**
 * A named import of `hyperpipe` or a subpath of it, in inline code or a code block; the
 * braces may span lines. Other kinds of import (default, namespace) are not checked.
 */
const IMPORT = /\bimport\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](hyperpipe(?:\/[^'"]*)?)['"]/g;
/** One name of the braces: `Name`, `type Name`, or either with `as alias`. */
const NAME = /^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+[A-Za-z_$][\w$]*)?$/;
/** What prose writes for "the names you need", as in `import { … } from 'hyperpipe'`. */
const ELLIPSIS = '…';
/** A link into the API reference, and the symbol of the page it leads to. */
const API_LINK = /docs\/api\/(?:classes|functions|interfaces|types|variables)\/([\w$]+)\.html/g;

interface ImportLine {
  readonly specifier: string;
  /** Each name as written, `type` included. */
  readonly names: readonly string[];
  /** `import type { … }`: every name is a type. */
  readonly typeOnly: boolean;
}

/** The Markdown files directly in `folder` whose name passes `wanted`. */
function markdownIn(folder: string, wanted: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.md') && wanted(name))
    .map((name) => join(ROOT, folder, name));
}

const STEPS = readdirSync(join(ROOT, 'exercises'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^\d\d-/.test(entry.name))
  .map((entry) => join(ROOT, 'exercises', entry.name));
const STEP_READMES = STEPS.map((step) => join(step, 'README.md'));
const FILES = [
  ...STEP_READMES,
  ...STEPS.map((step) => join(step, 'hints.md')),
  ...markdownIn('docs', () => true),
  ...markdownIn('framework', (name) => name === 'README.md'),
];

/** The named imports of `hyperpipe` and its subpaths that `markdown` shows. */
function importLines(markdown: string): ImportLine[] {
  return [...markdown.matchAll(IMPORT)].map(([, type, names, specifier]) => ({
    specifier: specifier as string,
    names: (names as string)
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && name !== ELLIPSIS),
    typeOnly: type !== undefined,
  }));
}

/** Whether an export has no value side, so that `verbatimModuleSyntax` wants it imported as a type. */
function isTypeOnly(api: PublicApi, exported: ts.Symbol): boolean {
  const checker = api.program.getTypeChecker();
  const exportedAsType = (exported.declarations ?? []).some(
    (declaration) =>
      ts.isExportSpecifier(declaration) &&
      (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly),
  );
  const target =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  return exportedAsType || (target.flags & ts.SymbolFlags.Value) === 0;
}

/** Where each name is exported from, for the message of a name imported from the wrong place. */
function homes(api: PublicApi, name: string): string {
  const found = api.modules
    .filter((module) => module.exports.some((exported) => exported.name === name))
    .map((module) => `'${module.specifier}'`);
  return found.length > 0 ? `import it from ${found.join(' or ')}` : 'no entry point exports it';
}

/** What is wrong with the import lines of `markdown`: one message per name, none when all is right. */
function problemsIn(api: PublicApi, markdown: string): string[] {
  return importLines(markdown).flatMap(({ specifier, names, typeOnly }) => {
    const module = api.modules.find((candidate) => candidate.specifier === specifier);
    if (module === undefined) return [`'${specifier}' is no entry point of the package`];
    return names.flatMap((written) => {
      const [, type, name] = NAME.exec(written) ?? [];
      if (name === undefined) return [`cannot read "${written}" in an import of '${specifier}'`];
      const exported = module.exports.find((candidate) => candidate.name === name);
      if (exported === undefined) {
        return [`'${specifier}' does not export ${name}: ${homes(api, name)}`];
      }
      if (!typeOnly && type === undefined && isTypeOnly(api, exported)) {
        return [`${name} is a type: import it as \`type ${name}\` (verbatimModuleSyntax)`];
      }
      return [];
    });
  });
}

/**
 * The concept bullets of a step README, each with what it links in the API reference and
 * what its import lines name.
 */
function conceptBullets(readme: string): { linked: string[]; imported: string[] }[] {
  const concepts = /^## Concepts$([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  return concepts
    .split(/\n(?=- )/)
    .filter((bullet) => bullet.startsWith('- '))
    .map((bullet) => ({
      linked: [...bullet.matchAll(API_LINK)].map(([, symbol]) => symbol as string),
      imported: importLines(bullet).flatMap(({ names }) =>
        names.map((name) => NAME.exec(name)?.[2] ?? name),
      ),
    }));
}

describe('import lines of hyperpipe in the step READMEs, hints and guides', () => {
  let api: PublicApi;

  beforeAll(() => {
    api = publicApi(ENTRIES, compilerOptions(ROOT));
  }, 60_000);

  it('tells a name imported from the wrong entry point, and a type imported as a value', () => {
    expect(
      problemsIn(api, "`import { ContentNegotiation, PARSED_BODY } from 'hyperpipe'`"),
    ).toEqual([
      "'hyperpipe' does not export ContentNegotiation: import it from 'hyperpipe/negotiation'",
      "'hyperpipe' does not export PARSED_BODY: import it from 'hyperpipe/negotiation'",
    ]);
    expect(
      problemsIn(api, "```ts\nimport {\n  ResourceOptions,\n} from 'hyperpipe/rest';\n```"),
    ).toEqual([
      'ResourceOptions is a type: import it as `type ResourceOptions` (verbatimModuleSyntax)',
    ]);
    expect(problemsIn(api, "`import { serve } from 'hyperpipe/serve'`")).toEqual([
      "'hyperpipe/serve' is no entry point of the package",
    ]);
    expect(
      problemsIn(api, "`import { type ResourceOptions, Resource } from 'hyperpipe/rest'`"),
    ).toEqual([]);
  });

  it('finds import lines to check in every step README', () => {
    expect(FILES.length).toBeGreaterThan(20);
    const without = STEP_READMES.filter(
      (file) => importLines(readFileSync(file, 'utf8')).length === 0,
    );
    expect(without.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it.each(FILES.map((file) => [relative(ROOT, file), file]))(
    '%s: each import names only what its module exports',
    (_name, file) => {
      expect(problemsIn(api, readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it.each(STEP_READMES.map((file) => [relative(ROOT, file), file]))(
    '%s: each concept bullet says where to import what its API links document',
    (_name, file) => {
      // Pages of symbols no entry point exports (MiddlewarePipe…) have nothing to import.
      const exported = new Set(
        api.modules.flatMap((module) => module.exports.map((symbol) => symbol.name)),
      );
      const missing = conceptBullets(readFileSync(file, 'utf8')).flatMap(({ linked, imported }) =>
        linked
          .filter((symbol) => exported.has(symbol) && !imported.includes(symbol))
          .map((symbol) => `${symbol}: linked, but no import line of its bullet names it`),
      );
      expect(missing).toEqual([]);
    },
  );
});
