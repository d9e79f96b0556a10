import { UsageError } from '../args.ts';
import type { CommandContext } from './context.ts';

/** `workshop db reset`: recreates the catalogue database from its seed. */
export async function db(ctx: CommandContext, action: string | undefined): Promise<number> {
  if (action !== 'reset') throw new UsageError('The only db command is: db reset');
  // Loaded here so that no other command pays for the catalogue and its SQLite driver.
  const { defaultCataloguePath, resetCatalogue } = await import('@hyperpipe/catalogue');
  const path = defaultCataloguePath();
  resetCatalogue(path);
  ctx.out(`Reset the conference catalogue at ${path}.`);
  return 0;
}
