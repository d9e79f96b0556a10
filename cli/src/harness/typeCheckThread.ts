import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createTypeChecker } from './typecheck.ts';

/** A type-check of one project, kept warm in a thread of its own. */
export interface TypeCheckThread {
  /** The project's type errors as its files are now (see `TypeChecker.errors`). */
  errors(): Promise<string[]>;
  /** Ends the thread. */
  close(): Promise<void>;
}

type Answer = { id: number; errors: string[] } | { id: number; error: string };

/**
 * Starts a thread that type-checks `target` on request. Off the main thread, a type-check runs
 * beside vitest's checks instead of after them, and its first, slow run does not freeze the app.
 */
export function startTypeCheckThread(target: string): TypeCheckThread {
  const worker = new Worker(new URL(import.meta.url), { workerData: { typeCheckTarget: target } });
  // Waiting for an answer keeps the process alive; an idle thread must not.
  worker.unref();
  const waiting = new Map<number, { resolve(errors: string[]): void; reject(e: Error): void }>();
  let lastId = 0;
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
  return {
    errors() {
      lastId += 1;
      const id = lastId;
      worker.ref();
      return new Promise<string[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage(id);
      }).finally(() => {
        if (waiting.size === 0) worker.unref();
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

// In the thread: one type-checker, asked again and again, one request at a time.
if (!isMainThread && parentPort && workerData?.typeCheckTarget) {
  const port = parentPort;
  const checker = createTypeChecker(workerData.typeCheckTarget as string);
  port.on('message', (id: number) => {
    try {
      port.postMessage({ id, errors: checker.errors() } satisfies Answer);
    } catch (error) {
      port.postMessage({ id, error: String((error as Error).stack ?? error) } satisfies Answer);
    }
  });
}
