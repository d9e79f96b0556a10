import { readFileSync } from 'node:fs';
import { type ParsedArgs, UsageError, usage } from './args.ts';
import type { CommandContext } from './commands/context.ts';
import { describeFailure, failureJson } from './failure.ts';

/** What bare `workshop` says when there is no terminal to be interactive in. */
export const NOT_INTERACTIVE = `The interactive workshop needs a terminal (stdin and stdout a TTY, and CI not set).
Without one, use its commands instead:

${usage()}`;

/** `workshop 0.1.0 (Node.js v24.21.0)`: the command's version, from its package.json. */
export function version(): string {
  const manifest = new URL('../package.json', import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return `workshop ${version} (Node.js ${process.version})`;
}

/**
 * Runs one subcommand and returns its exit code: 0 done, 1 failed (a check, a refused copy),
 * 2 called wrongly. Bare `workshop` (the Ink app) is main.ts's business, not this function's.
 * Each command is imported when it runs, so `list` does not pay for execa, diff or SQLite.
 */
export async function runCommand(ctx: CommandContext, parsed: ParsedArgs): Promise<number> {
  const { command, args, flags } = parsed;
  const [first] = args;
  try {
    switch (command) {
      case undefined:
        ctx.err(NOT_INTERACTIVE);
        return 2;
      case 'help':
        ctx.out(usage(first));
        return 0;
      case 'version':
        ctx.out(version());
        return 0;
      case 'list':
        return (await import('./commands/list.ts')).list(ctx, flags);
      case 'start':
        return await (await import('./commands/scaffolding.ts')).start(ctx, first, flags);
      case 'check':
        return await (await import('./commands/check.ts')).check(ctx, first, flags);
      case 'hint':
        return (await import('./commands/hint.ts')).hint(ctx, first, flags, args[1]);
      case 'diff':
        return (await import('./commands/diff.ts')).diff(ctx, first);
      case 'solution':
        return await (await import('./commands/scaffolding.ts')).solution(ctx, first, flags);
      case 'reset':
        return await (await import('./commands/scaffolding.ts')).reset(ctx, first, flags);
      case 'backups':
        return (await import('./commands/backups.ts')).backups(ctx);
      case 'restore':
        return (await import('./commands/backups.ts')).restore(ctx, first);
      case 'serve':
        return await (await import('./commands/serve.ts')).serve(ctx, first, flags);
      case 'db':
        return await (await import('./commands/db.ts')).db(ctx, first);
      case 'docs':
        return await (await import('./commands/docs.ts')).docs(ctx, flags);
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const how = command && command !== 'help' ? usage(command) : usage();
      if (flags.json) ctx.out(failureJson(error.message, 2, how));
      ctx.err(`${error.message}\n\n${how}`);
      return 2;
    }
    const said = describeFailure(error);
    if (flags.json) ctx.out(failureJson(said, 1));
    ctx.err(`workshop ${command}: ${said}`);
    return 1;
  }
}
