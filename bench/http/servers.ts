import { fileURLToPath } from 'node:url';

/** One contestant: a name for the tables and the script its child process runs. */
export interface ServerSpec {
  readonly name: string;
  readonly script: string;
}

/** The baseline every ratio is computed against. */
export const BASELINE = 'node:http';
/** The framework under test, and the one it must not fall behind. */
export const SUBJECT = 'hyperpipe';
export const RIVAL = 'hono';

/** The path of a server script in bench/http/servers/. */
export const serverScript = (file: string): string =>
  fileURLToPath(new URL(`./servers/${file}`, import.meta.url));

export const SERVERS: readonly ServerSpec[] = [
  { name: BASELINE, script: serverScript('raw.ts') },
  { name: SUBJECT, script: serverScript('hyperpipe.ts') },
  { name: RIVAL, script: serverScript('hono.ts') },
  { name: 'fastify', script: serverScript('fastify.ts') },
  { name: 'express', script: serverScript('express.ts') },
];

/** The servers named in `wanted` (all when empty); an unknown name is a mistake, not a no-op. */
export function selectServers(wanted: readonly string[]): ServerSpec[] {
  if (wanted.length === 0) return [...SERVERS];
  const unknown = wanted.filter((name) => !SERVERS.some((server) => server.name === name));
  if (unknown.length > 0) {
    const known = SERVERS.map((server) => server.name).join(', ');
    throw new Error(`Unknown server(s) ${unknown.join(', ')}; known: ${known}`);
  }
  return SERVERS.filter((server) => wanted.includes(server.name));
}
