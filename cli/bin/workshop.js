#!/usr/bin/env node
// The `workshop` command: runs the TypeScript entry with Node's own type stripping.
//
// No loader (tsx) is registered in this process: loader hooks see every module loaded after
// them, and vitest's Node API alone is hundreds of modules (about 0.6 s more per check with
// tsx than without). The command's sources use only syntax Node can strip (erasableSyntaxOnly).
import module from 'node:module';

if (!process.features.typescript) {
  console.error(
    `workshop: Node.js ${process.version} cannot run TypeScript by itself; use Node.js 22.18 or later.`,
  );
  process.exit(1);
}

// Node keeps the compiled code of what it loads (vitest, vite: megabytes) on disk, so that
// every check after the first starts faster; the environment variable passes this on to the
// threads and the learner's servers that checks start.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE = cache.directory;

await import('../src/main.ts');
