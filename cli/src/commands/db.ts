import { mkdirSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { UsageError } from '../args.ts';
import { workspaceCatalogue } from '../workshop/dirs.ts';
import type { CommandContext } from './context.ts';

/**
 * `workshop db reset`: recreates the catalogue the workshop's servers open (the learner's own,
 * see `workspaceCatalogue`) from its seed.
 */
export async function db(ctx: CommandContext, action: string | undefined): Promise<number> {
  if (action !== 'reset') throw new UsageError('The only db command is: db reset');
  // Loaded here so that no other command pays for the catalogue and its SQLite driver.
  const { resetCatalogue } = await import('@hyperpipe/catalogue');
  const path = workspaceCatalogue(ctx.dirs);
  mkdirSync(dirname(path), { recursive: true });
  resetCatalogue(path);
  ctx.out(`Reset the conference catalogue at ${relative(ctx.dirs.root, path) || path}.`);
  return 0;
}
