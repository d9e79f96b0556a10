import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetCatalogue } from '@hyperpipe/catalogue';
import { startConference } from './server.ts';

const folder = mkdtempSync(join(tmpdir(), 'zz-'));
const db = join(folder, 'c.sqlite');
resetCatalogue(db);
const server = await startConference(db, join(folder, 'o.sqlite'));
server.measureLoopStalls();
const agent = new Agent({ keepAlive: true, maxSockets: 100 });
const paths = (process.env.ZZ_PATHS ?? '/timezone').split(',');
let n = 0; const errors: Record<string, number> = {}; let max = 0; let reused = 0;
const end = Date.now() + Number(process.env.ZZ_SECONDS ?? 30) * 1000;
await Promise.all(Array.from({ length: 100 }, async () => {
  while (Date.now() < end) {
    const t0 = performance.now();
    const r = await new Promise<string>((resolve) => {
      const req = httpRequest(`${server.url}${paths[n % paths.length]}`, { agent }, (res) => { res.resume(); res.on('end', () => resolve('ok')); });
      req.on('socket', (s) => { if ((req as any).reusedSocket) reused++; });
      req.setTimeout(10_000, () => req.destroy(new Error(`timeout reused=${(req as any).reusedSocket}`)));
      req.on('error', (e) => resolve(e.message));
      req.end();
    });
    n++; max = Math.max(max, performance.now() - t0);
    if (r !== 'ok') errors[r] = (errors[r] ?? 0) + 1;
  }
}));
await server.stop();
console.log({ n, rps: n / Number(process.env.ZZ_SECONDS ?? 30), errors, max, serverStall: server.loopStallMs(), reused });
