import { parseArgs } from 'node:util';

/** The flags any command may take; each command accepts only its own (see COMMANDS). */
export interface Flags {
  json?: boolean;
  force?: boolean;
  all?: boolean;
  solutions?: boolean;
  starters?: boolean;
  mutants?: boolean;
  watch?: boolean;
  url?: string;
  solution?: boolean;
  port?: string;
  trace?: boolean;
  jobs?: string;
  help?: boolean;
  next?: boolean;
  version?: boolean;
}

type FlagName = keyof Flags;

const OPTIONS = {
  json: { type: 'boolean' },
  force: { type: 'boolean', short: 'f' },
  all: { type: 'boolean' },
  solutions: { type: 'boolean' },
  starters: { type: 'boolean' },
  mutants: { type: 'boolean' },
  watch: { type: 'boolean', short: 'w' },
  url: { type: 'string' },
  solution: { type: 'boolean' },
  port: { type: 'string', short: 'p' },
  trace: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  help: { type: 'boolean', short: 'h' },
  next: { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** What each option that takes a value may be given, for the message when it has none. */
const VALUE_EXAMPLES: Record<string, string> = {
  '--url': 'http://localhost:8080',
  '--port': '8080',
  '--jobs': '2',
};

interface CommandSpec {
  usage: string;
  summary: string;
  flags: FlagName[];
  /** How many positional arguments after the command name it takes at most. */
  maxArgs: number;
}

/** Every subcommand, in the order `help` lists them. */
export const COMMANDS: Record<string, CommandSpec> = {
  list: {
    usage: 'list [--json]',
    summary: 'the steps, with done / current / pending marks',
    flags: ['json'],
    maxArgs: 0,
  },
  start: {
    usage: 'start <step> [--force]',
    summary:
      "copy a step's starter into workspace/ and make it current (--force: src/ and config/ end as the starter alone, other files backed up first)",
    flags: ['force'],
    maxArgs: 1,
  },
  check: {
    usage:
      'check [step] [--all] [--solutions] [--starters] [--mutants] [--watch] [--url URL] [--json] [--jobs N]',
    summary:
      'run the checks (default: the current step, on workspace/); exit 0 when they pass and mark the step done (--watch checks again on every save)',
    flags: ['all', 'solutions', 'starters', 'mutants', 'watch', 'url', 'json', 'jobs'],
    maxArgs: 1,
  },
  hint: {
    usage: 'hint [step] [N] [--next] [--json]',
    summary:
      'show the hint the last failed check named, every time (none named: the first not read yet); --next shows the hint after the one shown last; N shows hint N',
    flags: ['json', 'next'],
    maxArgs: 2,
  },
  diff: {
    usage: 'diff [step]',
    summary: "your working copy's step files against the solution",
    flags: [],
    maxArgs: 1,
  },
  solution: {
    usage: 'solution [step] [--force]',
    summary: "copy the step's solution into workspace/",
    flags: ['force'],
    maxArgs: 1,
  },
  reset: {
    usage: 'reset [step] [--force]',
    summary: "copy the current step's starter in again",
    flags: ['force'],
    maxArgs: 1,
  },
  backups: {
    usage: 'backups',
    summary: 'the backups of your replaced files, newest first, with their step and time',
    flags: [],
    maxArgs: 0,
  },
  restore: {
    usage: 'restore [#]',
    summary: 'put a backup (the newest, or # of `backups`) back into workspace/',
    flags: [],
    maxArgs: 1,
  },
  serve: {
    usage: 'serve [step] [--solution] [--port N] [--trace]',
    summary:
      "serve workspace/src/server.ts until Ctrl-C, restarting it after each save (or the step's solution); --trace prints each request's way through the pipeline",
    flags: ['solution', 'port', 'trace'],
    maxArgs: 1,
  },
  db: {
    usage: 'db reset',
    summary:
      "recreate from the seed the catalogue your servers open (.workshop/conference.sqlite, conference/'s is data/conference.sqlite)",
    flags: [],
    maxArgs: 1,
  },
  docs: {
    usage: 'docs [--port N]',
    summary: 'build the documentation site if needed and serve it on 127.0.0.1 (port 8090)',
    flags: ['port'],
    maxArgs: 0,
  },
  help: { usage: 'help', summary: 'this text', flags: [], maxArgs: 1 },
};

export interface ParsedArgs {
  /** The subcommand, or undefined for the interactive app. */
  command: string | undefined;
  args: string[];
  flags: Flags;
}

/** A mistake in how the command was called: reported with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(explainParseError(error as NodeJS.ErrnoException, argv));
  }
  const [command, ...args] = parsed.positionals;
  const flags = parsed.values as Flags;
  if (command === undefined) {
    const given = Object.keys(flags).filter((flag) => flag !== 'help' && flag !== 'version');
    if (given.length > 0)
      throw new UsageError(`--${given[0]} needs a command, such as: check --${given[0]}`);
    return { command: flags.help ? 'help' : flags.version ? 'version' : undefined, args, flags };
  }
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`Unknown command "${command}".`);
  for (const flag of Object.keys(flags) as FlagName[]) {
    if (flag !== 'help' && !spec.flags.includes(flag)) {
      throw new UsageError(
        `"${command}" does not take --${flag}. Usage: npm run workshop -- ${spec.usage}`,
      );
    }
  }
  if (args.length > spec.maxArgs) {
    throw new UsageError(
      `Too many arguments for "${command}". Usage: npm run workshop -- ${spec.usage}`,
    );
  }
  return { command: flags.help ? 'help' : command, args: flags.help ? [command] : args, flags };
}

/** Node's parseArgs speaks of its own API; say what went wrong and what the command takes. */
function explainParseError(error: NodeJS.ErrnoException, argv: readonly string[]): string {
  // Quoted as '--nope', '-p, --port <value>' or '-x': the long name when there is one.
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const option = /--[\w-]+/.exec(quoted)?.[0] ?? quoted.split(' ')[0] ?? '';
  const command = argv.find((arg) => !arg.startsWith('-'));
  const spec = command === undefined ? undefined : COMMANDS[command];
  const known = (spec ? spec.flags : (Object.keys(OPTIONS) as FlagName[]))
    .map((flag) => {
      const short = (OPTIONS[flag] as { short?: string }).short;
      return short ? `--${flag} (-${short})` : `--${flag}`;
    })
    .join(', ');
  const whose = spec ? `"${command}" takes` : 'The options are';
  const takes = known === '' ? `"${command}" takes no options.` : `${whose}: ${known}.`;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${option}. ${takes}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `${option} ${/argument missing/.test(error.message) ? `needs a value, such as ${option} ${VALUE_EXAMPLES[option] ?? '…'}` : 'takes no value'}.`;
    default:
      return `${error.message}. ${takes}`;
  }
}

/** The help text; `npm run workshop -- <command>` is how a learner passes arguments through npm. */
export function usage(command?: string): string {
  const spec = command ? COMMANDS[command] : undefined;
  if (spec) return `Usage: npm run workshop -- ${spec.usage}\n\n${spec.summary}.`;
  const width = 38;
  // A usage too long for the column gets its summary on the next line.
  const lines = Object.values(COMMANDS).map((entry) =>
    entry.usage.length < width
      ? `  ${entry.usage.padEnd(width)}${entry.summary}`
      : `  ${entry.usage}\n  ${' '.repeat(width)}${entry.summary}`,
  );
  return [
    'Usage: npm start                      the interactive workshop (needs a terminal)',
    '       npm run check                  check the current step',
    '       npm run workshop -- <command>  any command below',
    '       npm run workshop -- --version  the version of the workshop command and its Node.js',
    '',
    'Commands:',
    ...lines,
    '',
    'A step is its number (1, 01), its name (hello) or both (01-hello).',
  ].join('\n');
}
