import { relative } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type ts from 'typescript';
import { REPO_ROOT } from '../workshop/paths.ts';
import { projectConfig, type TypeCheckAnswer } from './typecheck.ts';

/**
 * A type-check of one project kept warm in a thread, for checks run again and again (`c` in
 * the app, `--watch`). Its first run parses the ~280 files a project sees (about 1.3 s); each
 * later run keeps the parsed files whose text has not changed, and TypeScript's builder
 * re-checks only the files a change can affect (30–70 ms).
 */
export interface TypeCheckThread {
  /** Whether the first run is done: until then, the native compiler is quicker. */
  readonly ready: boolean;
  /** The project's type errors as its files are now, as `typeErrors()` words them. */
  errors(): Promise<TypeCheckAnswer>;
  /** Ends the thread. */
  close(): Promise<void>;
}

type Answer = { id: number; errors: TypeCheckAnswer } | { id: number; error: string };

/** Starts the thread, at once at work on its first, slow run. */
export function startTypeCheckThread(target: string): TypeCheckThread {
  const worker = new Worker(new URL(import.meta.url), { workerData: { typeCheckTarget: target } });
  // Waiting for an answer keeps the process alive; an idle thread must not.
  worker.unref();
  const waiting = new Map<
    number,
    { resolve(errors: TypeCheckAnswer): void; reject(e: Error): void }
  >();
  let lastId = 0;
  let ready = false;
  worker.on('message', (answer: Answer) => {
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('errors' in answer) request?.resolve(answer.errors);
    else request?.reject(new Error(`the type-check failed: ${answer.error}`));
  });
  worker.on('error', (error) => {
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  });
  const errors = () => {
    lastId += 1;
    const id = lastId;
    worker.ref();
    return new Promise<TypeCheckAnswer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage(id);
    }).finally(() => {
      if (waiting.size === 0) worker.unref();
    });
  };
  errors().then(
    () => {
      ready = true;
    },
    () => undefined,
  );
  return {
    get ready() {
      return ready;
    },
    errors,
    async close() {
      await worker.terminate();
    },
  };
}

/** A type-checker that keeps what it parsed and its builder from one run to the next. */
async function createTypeChecker(target: string): Promise<() => TypeCheckAnswer> {
  // TypeScript 6 (its JavaScript API: the native compiler has none that is stable), loaded in
  // the thread only.
  const { default: ts } = await import('typescript');
  const files = new Map<string, { text: string; file: ts.SourceFile }>();
  let parsed = 0;
  let builder: ts.SemanticDiagnosticsBuilderProgram | undefined;
  return () => {
    // The native compiler's settings, so that both report the same errors; read afresh, as
    // the learner may have added files.
    const { options, fileNames } = ts.parseJsonConfigFileContent(
      projectConfig(target),
      ts.sys,
      REPO_ROOT,
    );
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
    const described = (diagnostic: ts.Diagnostic) => describe(ts, diagnostic, target);
    // The builder keeps each file's diagnostics until it is told which files an edit affects:
    // asked file by file, it would answer with what it kept (an error fixed in another file
    // stays reported). Going through the affected files first drops what they no longer say.
    const notOwn = (file: ts.SourceFile) => !own(file);
    while (builder.getSemanticDiagnosticsOfNextAffectedFile(undefined, notOwn)) {}
    const ownFiles = program.getSourceFiles().filter(own);
    // Syntax errors are left to the checks, which report them with the parser's code frame,
    // as the native compiler leaves them: the type-check did not run.
    if (ownFiles.some((file) => program.getSyntacticDiagnostics(file).length > 0)) return null;
    return ownFiles
      .flatMap((file) => (builder as ts.BuilderProgram).getSemanticDiagnostics(file))
      .map(described);
  };
}

/** `file:line:column message`, the file relative to the project, as tsc prints it. */
function describe(typescript: typeof ts, diagnostic: ts.Diagnostic, target: string): string {
  const message = typescript.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(target, diagnostic.file.fileName)}:${line + 1}:${character + 1} ${message}`;
}

// In the thread: one type-checker, asked again and again, one request at a time.
if (!isMainThread && parentPort && workerData?.typeCheckTarget) {
  const port = parentPort;
  const checker = createTypeChecker(workerData.typeCheckTarget as string);
  port.on('message', async (id: number) => {
    try {
      port.postMessage({ id, errors: (await checker)() } satisfies Answer);
    } catch (error) {
      port.postMessage({ id, error: String((error as Error).stack ?? error) } satisfies Answer);
    }
  });
}
