/**
 * Calls `onOrphaned` once the process that started this one has gone. `npm run workshop --
 * serve` runs the command under a shell: npm, given SIGTERM, ends that shell, which passes the
 * signal on to no one, and the command (with the server it started, holding its port) would
 * run on. Node has no parent-death signal; the parent's id changing (the orphan is handed to
 * init or a subreaper) is how Linux and macOS say it. The timer keeps no process alive.
 */
export function whenOrphaned(onOrphaned: () => void, everyMs = 250): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
