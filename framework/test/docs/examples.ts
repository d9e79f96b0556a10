import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One `@example` code block of the public API, named after where it is documented. */
export interface Example {
  /** Where the example is documented, such as `Application` or `Application.route`. */
  readonly owner: string;
  /** The code of the block, without its fences. */
  readonly code: string;
}

/** The public API as the type checker sees it: its exports, and the program holding them. */
export interface PublicApi {
  readonly program: ts.Program;
  readonly exports: readonly ts.Symbol[];
}

const FENCE = /```(?:ts|typescript)\n([\s\S]*?)```/g;

/** Reads the compiler options of `tsconfig.json` in `root`. */
export function compilerOptions(root: string): ts.CompilerOptions {
  const file = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file).options;
}

/** Every symbol `entry` exports, resolved through its re-exports. */
export function publicApi(entry: string, options: ts.CompilerOptions): PublicApi {
  const program = ts.createProgram([entry], options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${entry} is not a module`);
  return { program, exports: checker.getExportsOfModule(module) };
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
  return api.exports.flatMap((exported) =>
    (resolved(api, exported).declarations ?? []).flatMap((declaration) => [
      ...codeBlocks(declaration).map((code) => ({ owner: exported.name, code })),
      ...membersOf(declaration).flatMap((member) => {
        const name = ts.getNameOfDeclaration(member as ts.Declaration)?.getText() ?? 'constructor';
        return codeBlocks(member).map((code) => ({ owner: `${exported.name}.${name}`, code }));
      }),
    ]),
  );
}

/** The exported classes and functions: the entry points a user calls, which each need an example. */
export function entryPoints(api: PublicApi): string[] {
  return api.exports
    .filter((exported) =>
      (resolved(api, exported).declarations ?? []).some(
        (declaration) =>
          ts.isClassDeclaration(declaration) || ts.isFunctionDeclaration(declaration),
      ),
    )
    .map((exported) => exported.name);
}

/**
 * The import line an example may leave out: every export of `hyperpipe`, values and types
 * apart, as `verbatimModuleSyntax` wants them.
 */
export function importLine(api: PublicApi): string {
  const names = api.exports.map((exported) =>
    resolved(api, exported).flags & ts.SymbolFlags.Value ? exported.name : `type ${exported.name}`,
  );
  return `import { ${names.join(', ')} } from 'hyperpipe';\n`;
}

/**
 * Type-checks each example as a module of its own in `folder`, where `hyperpipe` resolves as
 * it does for a user. An example without its own `import … from 'hyperpipe'` gets `imports`.
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
      const prefix = /from 'hyperpipe'/.test(example.code) ? '' : imports;
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
