import { join, relative } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../workshop/paths.ts';

/**
 * The type errors in a project's own files (src/ and config/), as `file:line:column message`,
 * with the repository's compiler options. Errors in files the project imports from elsewhere
 * (the framework) are not the learner's to fix, and are left out.
 */
export function typeErrors(target: string): string[] {
  const program = createProgram(target);
  const own = (file: ts.SourceFile) => !relative(target, file.fileName).startsWith('..');
  return (
    program
      .getSourceFiles()
      .filter(own)
      // Syntax errors are left to the checks, which report them with the parser's code frame:
      // one mistake, one report.
      .flatMap((file) => program.getSemanticDiagnostics(file))
      .map((diagnostic) => describe(diagnostic, target))
  );
}

function createProgram(target: string): ts.Program {
  const { config } = ts.readConfigFile(join(REPO_ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(
    { ...config, include: [join(target, 'src'), join(target, 'config')], exclude: [] },
    ts.sys,
    REPO_ROOT,
  );
  // The learner's project runs on Node, whose fetch, Request and Response come with @types/node:
  // the browser's lib.dom (the repository keeps it for editors) would only double the time.
  const lib = parsed.options.lib?.filter((name) => !name.includes('.dom.'));
  return ts.createProgram(parsed.fileNames, { ...parsed.options, lib, noEmit: true });
}

function describe(diagnostic: ts.Diagnostic, target: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(target, diagnostic.file.fileName)}:${line + 1}:${character + 1} ${message}`;
}
