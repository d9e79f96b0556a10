import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One `@example` code block of the public API, named after where it is documented. */
export interface Example {
  /** Where the example is documented, such as `Application` or `Application.route`. */
  readonly owner: string;
  /** The code of the block, without its fences. */
  readonly code: string;
}

/** One entry point of the package, as `framework/package.json` declares it. */
export interface PackageEntry {
  /** What a user imports, such as `hyperpipe` or `hyperpipe/hal`. */
  readonly specifier: string;
  /** The source file it resolves to. */
  readonly file: string;
}

/** One entry point with its exports, resolved through their re-exports. */
export interface PublicModule extends PackageEntry {
  readonly exports: readonly ts.Symbol[];
}

/** The public API as the type checker sees it: each entry point, and the program holding them. */
export interface PublicApi {
  readonly program: ts.Program;
  readonly modules: readonly PublicModule[];
}

const FENCE = /```(?:ts|typescript)\n([\s\S]*?)```/g;

/** Reads the compiler options of `tsconfig.json` in `root`. */
export function compilerOptions(root: string): ts.CompilerOptions {
  const file = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file).options;
}

/** The entry points `framework/package.json` declares in `exports`: the root, then each subpath. */
export function packageEntries(root: string): PackageEntry[] {
  const framework = join(root, 'framework');
  const { name, exports } = JSON.parse(readFileSync(join(framework, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string>;
  };
  return Object.entries(exports).map(([subpath, file]) => ({
    specifier: subpath === '.' ? name : `${name}/${subpath.slice('./'.length)}`,
    file: join(framework, file),
  }));
}

/** Every symbol each entry exports, read in one program. */
export function publicApi(
  entries: readonly PackageEntry[],
  options: ts.CompilerOptions,
): PublicApi {
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    options,
  );
  const checker = program.getTypeChecker();
  const modules = entries.map((entry) => {
    const source = program.getSourceFile(entry.file);
    const module = source && checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry.file} is not a module`);
    return { ...entry, exports: checker.getExportsOfModule(module) };
  });
  return { program, modules };
}

/** Every export of every entry point. */
function allExports(api: PublicApi): ts.Symbol[] {
  return api.modules.flatMap((module) => module.exports);
}

function resolved(api: PublicApi, symbol: ts.Symbol): ts.Symbol {
  const checker = api.program.getTypeChecker();
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function codeBlocks(node: ts.Node): string[] {
  return ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === 'example')
    .flatMap((tag) => [...(ts.getTextOfJSDocComment(tag.comment) ?? '').matchAll(FENCE)])
    .map(([, code]) => code as string);
}

function membersOf(declaration: ts.Declaration): readonly ts.Node[] {
  return ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)
    ? declaration.members
    : [];
}

/** The `@example` blocks of every export, and of the members of exported classes and interfaces. */
export function examplesOf(api: PublicApi): Example[] {
  return allExports(api).flatMap((exported) =>
    (resolved(api, exported).declarations ?? []).flatMap((declaration) => [
      ...codeBlocks(declaration).map((code) => ({ owner: exported.name, code })),
      ...membersOf(declaration).flatMap((member) => {
        const name = ts.getNameOfDeclaration(member as ts.Declaration)?.getText() ?? 'constructor';
        return codeBlocks(member).map((code) => ({ owner: `${exported.name}.${name}`, code }));
      }),
    ]),
  );
}

/**
 * The exported classes, functions and constants: what a user calls or reads, which each
 * need an example. Interfaces and types are what those take and give; their pages say
 * what each member means.
 */
export function entryPoints(api: PublicApi): string[] {
  return allExports(api)
    .filter((exported) =>
      (resolved(api, exported).declarations ?? []).some(
        (declaration) =>
          ts.isClassDeclaration(declaration) ||
          ts.isFunctionDeclaration(declaration) ||
          ts.isVariableDeclaration(declaration),
      ),
    )
    .map((exported) => exported.name);
}

/**
 * The import lines an example may leave out: every export of each entry point, from
 * `hyperpipe` and its subpaths, values and types apart, as `verbatimModuleSyntax` wants them.
 */
export function importLine(api: PublicApi): string {
  return api.modules
    .map(({ specifier, exports }) => {
      const names = exports.map((exported) =>
        resolved(api, exported).flags & ts.SymbolFlags.Value
          ? exported.name
          : `type ${exported.name}`,
      );
      return `import { ${names.join(', ')} } from '${specifier}';\n`;
    })
    .join('');
}

/** An import of `hyperpipe` or of one of its subpaths, in an example's own code. */
const IMPORTS_HYPERPIPE = /from 'hyperpipe(?:\/[\w-]+)?'/;

/**
 * Type-checks each example as a module of its own in `folder`, where `hyperpipe` resolves as
 * it does for a user. An example that imports nothing from `hyperpipe` or its subpaths gets
 * `imports`.
 * Nothing is written to disk. Returns one line per error, naming the example.
 */
export function typeCheck(
  examples: readonly Example[],
  imports: string,
  folder: string,
  options: ts.CompilerOptions,
): string[] {
  const files = new Map(
    examples.map((example, index) => {
      const prefix = IMPORTS_HYPERPIPE.test(example.code) ? '' : imports;
      return [
        join(folder, `example-${index}.ts`),
        { example, prefix, text: prefix + example.code },
      ];
    }),
  );
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists.call(host, file);
  host.readFile = (file) => files.get(file)?.text ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const virtual = files.get(file);
    return virtual
      ? ts.createSourceFile(file, virtual.text, language, true)
      : getSourceFile.call(host, file, language, ...rest);
  };
  host.directoryExists = (directory) =>
    directory === folder || directory.startsWith(`${folder}/`) || ts.sys.directoryExists(directory);
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && files.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const file = diagnostic.file as ts.SourceFile;
      const { example, prefix } = files.get(file.fileName) as { example: Example; prefix: string };
      const line = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
      const lineInExample = line + 1 - prefix.split('\n').length + 1;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `@example of ${example.owner}, line ${lineInExample}: ${message}`;
    });
}

/** The folder the examples pretend to live in: beside this file, inside the repository. */
export const EXAMPLES_FOLDER = join(dirname(new URL(import.meta.url).pathname), 'examples');
