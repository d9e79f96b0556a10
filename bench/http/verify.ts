import type { ServerProcess } from './child.ts';

/**
 * Checks that a server answers GET /ping as the benchmark expects before it is measured:
 * a fast wrong answer (a 404, an empty body) must not pass for a fast server.
 */
export async function verifyPing(server: ServerProcess): Promise<void> {
  const response = await fetch(`${server.url}/ping`, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type') ?? '';
  const body = (await response.json()) as { ack?: unknown };
  const now = Date.now() / 1000;
  const fresh = typeof body.ack === 'number' && Math.abs(body.ack - now) < 60;
  if (response.status !== 200 || !type.startsWith('application/json') || !fresh) {
    throw new Error(
      `${server.spec.name} answered ${response.status} ${type} ${JSON.stringify(body)}, not {"ack": <unix seconds>}`,
    );
  }
}
