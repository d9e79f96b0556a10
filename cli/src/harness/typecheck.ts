import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../workshop/paths.ts';

/** A type-check of one project that can run again, re-reading only the files that changed. */
export interface TypeChecker {
  /** The type errors in the project's own files (src/ and config/) as they are now. */
  errors(): string[];
}

/**
 * The type errors in a project's own files (src/ and config/), as `file:line:column message`,
 * with the repository's compiler options. Errors in files the project imports from elsewhere
 * (the framework) are not the learner's to fix, and are left out.
 */
export function typeErrors(target: string): string[] {
  return createTypeChecker(target).errors();
}

/**
 * A long-lived type-check of a project, for checks run again and again (`c` in the app,
 * `--watch`). Parsing the ~280 files a project sees (lib, @types/node, the framework) is most
 * of a type-check's time, so each run keeps the parsed files whose text has not changed, and
 * TypeScript's builder re-checks only the files a change can affect.
 */
export function createTypeChecker(target: string): TypeChecker {
  const files = new Map<string, { text: string; file: ts.SourceFile }>();
  let parsed = 0;
  let builder: ts.SemanticDiagnosticsBuilderProgram | undefined;
  return {
    errors() {
      const { fileNames, options } = compilerSettings(target);
      const host = ts.createCompilerHost(options);
      host.getSourceFile = (fileName, languageVersion) => {
        const cached = files.get(fileName);
        // Packages do not change while the learner works; their own files and the framework may.
        if (cached && fileName.includes('/node_modules/')) return cached.file;
        const text = host.readFile(fileName);
        if (text === undefined) return undefined;
        if (cached?.text === text) return cached.file;
        const file = ts.createSourceFile(fileName, text, languageVersion);
        // The builder tells a file's versions apart by this (internal) field.
        parsed += 1;
        (file as ts.SourceFile & { version: string }).version = String(parsed);
        files.set(fileName, { text, file });
        return file;
      };
      builder = ts.createSemanticDiagnosticsBuilderProgram(fileNames, options, host, builder);
      const program = builder.getProgram();
      const own = (file: ts.SourceFile) => !relative(target, file.fileName).startsWith('..');
      return (
        program
          .getSourceFiles()
          .filter(own)
          // Syntax errors are left to the checks, which report them with the parser's code
          // frame: one mistake, one report.
          .flatMap((file) => (builder as ts.BuilderProgram).getSemanticDiagnostics(file))
          .map((diagnostic) => describe(diagnostic, target))
      );
    },
  };
}

/** The project's own files (found afresh, as the learner adds some) and the compiler options. */
function compilerSettings(target: string): { fileNames: string[]; options: ts.CompilerOptions } {
  const config = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.json'), 'utf8'));
  const parsed = ts.parseJsonConfigFileContent(
    { ...config, include: [join(target, 'src'), join(target, 'config')], exclude: [] },
    ts.sys,
    REPO_ROOT,
  );
  // The learner's project runs on Node, whose fetch, Request and Response come with @types/node:
  // the browser's lib.dom (the repository keeps it for editors) would only double the time.
  const lib = parsed.options.lib?.filter((name) => !name.includes('.dom.'));
  return { fileNames: parsed.fileNames, options: { ...parsed.options, lib, noEmit: true } };
}

function describe(diagnostic: ts.Diagnostic, target: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(target, diagnostic.file.fileName)}:${line + 1}:${character + 1} ${message}`;
}
