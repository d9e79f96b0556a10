#!/usr/bin/env node
// The `workshop` command: registers tsx in this process, then runs the TypeScript entry.
import module from 'node:module';
import { register } from 'tsx/esm/api';

// Node keeps the compiled code of what it loads (vitest, vite, TypeScript: megabytes) on disk,
// so that every check after the first starts faster; the environment variable passes this on
// to the threads and the learner's servers that checks start.
const cache = module.enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE = cache.directory;

register();
await import('../src/main.ts');
