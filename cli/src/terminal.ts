/** Whether CI is set to something other than an explicit no. */
export function inCi(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI?.toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Whether someone can answer questions and drive the Ink app: stdin and stdout are both a
 * terminal, and this is not CI. Everything else (pipes, CI, redirects) gets plain text only.
 */
export function isInteractive(
  stdin: { isTTY?: boolean },
  stdout: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
): boolean {
  return Boolean(stdin.isTTY && stdout.isTTY) && !inCi(env);
}

/**
 * Whether to colour output: a terminal that has not asked for no colour (NO_COLOR, or a
 * `TERM=dumb` that cannot show it), unless FORCE_COLOR asks for it.
 */
export function wantsColour(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stdout.isTTY) && env.TERM !== 'dumb';
}

/**
 * Makes the Ink app draw without colour when {@link wantsColour} says no: Ink colours with
 * chalk, which decides when it loads, from FORCE_COLOR, and does not read NO_COLOR.
 */
export function withoutColourForInk(colour: boolean, env: NodeJS.ProcessEnv): void {
  if (!colour) env.FORCE_COLOR = '0';
}

export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

const style = (open: number, close: number) => (text: string) =>
  `\x1b[${open}m${text}\x1b[${close}m`;

const COLOURED: Paint = {
  bold: style(1, 22),
  dim: style(2, 22),
  green: style(32, 39),
  red: style(31, 39),
  yellow: style(33, 39),
  cyan: style(36, 39),
};

const same = (text: string) => text;
const PLAIN: Paint = { bold: same, dim: same, green: same, red: same, yellow: same, cyan: same };

export function paint(colour: boolean): Paint {
  return colour ? COLOURED : PLAIN;
}

/**
 * Whether the terminal shows OSC 8 hyperlinks (clickable text), as far as its environment
 * tells: those known to, unless NO_COLOR or a pipe asks for plain text. FORCE_HYPERLINK=1 or 0
 * decides for any other.
 */
export function supportsHyperlinks(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_HYPERLINK !== undefined) return env.FORCE_HYPERLINK !== '0';
  if (!stdout.isTTY || !wantsColour(stdout, env) || inCi(env)) return false;
  // tmux and screen pass them on only when set up to: not by default.
  if (env.TMUX || env.TERM?.startsWith('screen')) return false;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID || env.WEZTERM_PANE) return true;
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty'].includes(env.TERM_PROGRAM ?? '')) return true;
  if (['xterm-kitty', 'xterm-ghostty', 'alacritty', 'foot'].includes(env.TERM ?? '')) return true;
  // GNOME Terminal, Tilix and the other VTE terminals since 0.50.
  return Number(env.VTE_VERSION ?? 0) >= 5000;
}
