import type { Runner } from '../application/Runner.ts';

/**
 * The default {@link Runner}: `serve` (node:http through `@hono/node-server`), imported when
 * an application first runs. An application that is only tested in-process with
 * `app.handle()`, and every program that imports `hyperpipe` before it serves, no longer
 * loads the server adapter and its package at start-up: the thin core.
 */
export const serveOnRun: Runner = async (handler, options) => {
  const { serve } = await import('./serve.ts');
  return serve(handler, options);
};
