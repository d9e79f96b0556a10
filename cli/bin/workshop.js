#!/usr/bin/env node
// The `workshop` command: registers tsx in this process, then runs the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
