import os from 'node:os';

/** Where the numbers were measured; they mean little without it. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  const [load1, load5] = os.loadavg();
  return [
    `Node ${process.version} (${process.platform} ${process.arch})`,
    `CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores`,
    `Memory: ${memory} GiB`,
    // Other processes competing for the cores move req/s far more than any framework does.
    `Load average before the run: ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min)`,
  ].join('\n');
}
