/**
 * An application built by the container from `authConfigProvider()`, authenticating with Basic
 * (and with OAuth2 too when run with `--oauth2`), run by `loadsOnFirstUse.test.ts` in a process
 * of its own. It serves a request with the right password and one with a wrong one, then prints
 * the status of each and every module the process loaded, as one line of JSON.
 */
import { createRequire, registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});

// Imported only now, so that the hook sees them load.
const { createHash } = await import('node:crypto');
const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { authConfigProvider, IDENTITY } = await import('hyperpipe/auth');
const { mergeConfig } = await import('hyperpipe/config');
const { Application, ApplicationFactory, createContainer, json } = await import('hyperpipe');

const oauth2 = process.argv.includes('--oauth2');
const folder = mkdtempSync(join(tmpdir(), 'hyperpipe-first-use-'));
const htpasswd = join(folder, 'users.htpasswd');
writeFileSync(htpasswd, `alice:{SHA}${createHash('sha1').update('secret').digest('base64')}\n`);
const container = createContainer(
  mergeConfig(authConfigProvider(), {
    authentication: {
      basic: { htpasswd },
      ...(oauth2 ? { oauth2: { database: ':memory:' } } : {}),
    },
    routes: [
      {
        path: '/',
        allowed_methods: ['GET'],
        middleware: (request: { getAttribute(name: typeof IDENTITY): { name?: string } }) =>
          json({ name: request.getAttribute(IDENTITY).name ?? null }),
      },
      ...(oauth2
        ? [{ path: '/oauth', allowed_methods: ['POST'], middleware: 'OAuth2TokenEndpoint' }]
        : []),
    ],
    middleware_pipeline: [
      {
        middleware: [
          ApplicationFactory.ROUTING_MIDDLEWARE,
          'AuthenticationMiddleware',
          ApplicationFactory.DISPATCH_MIDDLEWARE,
        ],
      },
    ],
  }),
);
const server = await container.get(Application).run({ port: 0, hostname: '127.0.0.1' });
const base = `http://127.0.0.1:${server.port}`;
const basic = (password: string) => `Basic ${btoa(`alice:${password}`)}`;
const statuses = [
  (await fetch(`${base}/`, { headers: { authorization: basic('secret') } })).status,
  (await fetch(`${base}/`, { headers: { authorization: basic('wrong') } })).status,
];
if (oauth2) {
  statuses.push((await fetch(`${base}/`, { headers: { authorization: 'Bearer unknown' } })).status);
  statuses.push((await fetch(`${base}/oauth`, { method: 'POST' })).status);
}
await server.close();
rmSync(folder, { recursive: true, force: true });
const required = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ statuses, loaded, required }));
