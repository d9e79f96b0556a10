/**
 * The child side of the runner's protocol: a server process reports its port over IPC
 * once it listens, reports the CPU time it used when asked, and exits when the runner
 * asks (SIGTERM) or disappears (the IPC channel closes), so no server outlives a crashed
 * or interrupted runner.
 */
export function announce(port: number): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('Start this server through bench/run.ts (it needs an IPC channel)');
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'cpu') send({ type: 'cpu', ...process.cpuUsage() });
  });
  // process.exit(), unlike dying of the signal, lets --cpu-prof write its profile.
  process.once('SIGTERM', () => process.exit(0));
  process.once('SIGINT', () => process.exit(0));
  process.once('disconnect', () => process.exit(0));
  send({ type: 'ready', port });
}

/** Only loopback: the benchmark never listens on a public interface. */
export const HOST = '127.0.0.1';
