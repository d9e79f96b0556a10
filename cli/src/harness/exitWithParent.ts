// Preloaded (node --import) into the servers checks start. The check holds the other end
// of this process's stdin; when the check's process goes away, even killed, stdin ends,
// and the server must go too rather than hold its port forever.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
// Reading stdin must not keep alive a process that has nothing else to do.
(process.stdin as { unref?: () => void }).unref?.();
