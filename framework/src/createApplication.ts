import { Application, type ApplicationOptions } from './application/Application.ts';
import { serveOnRun } from './server/serveOnRun.ts';

/**
 * Creates an application that `app.run()` serves with node:http: `new Application(options)`
 * with `serve` as its runner, unless `options.runner` names another.
 *
 * @example
 * ```ts
 * const app = createApplication({ router: new PatternRouter(), debug: true });
 * app.get('/hello/{name}', (request) => text(`Hello, ${request.param('name')}!`));
 * await app.run({ port: 8080 });
 * ```
 * @category Application
 */
export function createApplication(options: ApplicationOptions = {}): Application {
  return new Application({ ...options, runner: options.runner ?? serveOnRun });
}
