/** How long a kind of event stays quiet after its line, in ms. */
const QUIET_MS = 10_000;

/**
 * A log of events that may come in floods (connections refused, clients timed out): the
 * first of a kind is logged at once, the others of the next ten seconds are counted and
 * logged as one line when those seconds are over. A flood of 20,000 connections writes two
 * lines, not 20,000, and the log says how many there were.
 */
export class ThrottledLog {
  readonly #write: (line: string) => void;
  /** Per kind of event: how many arrived since its last line, while it is quiet. */
  readonly #quiet = new Map<string, { count: number; what: string }>();

  /**
   * @param write - where lines go; stderr by default
   */
  constructor(write: (line: string) => void = (line) => console.error(line)) {
    this.#write = write;
  }

  /**
   * Logs an event, or counts it while its kind is quiet.
   *
   * @param kind - what groups events into one line, such as `timeout`
   * @param what - the event, said for one: `a connection sent no request within 10 s`
   */
  note(kind: string, what: string): void {
    const quiet = this.#quiet.get(kind);
    if (quiet !== undefined) {
      quiet.count++;
      quiet.what = what;
      return;
    }
    this.#write(`[hyperpipe] ${what}`);
    this.#stayQuiet(kind);
  }

  #stayQuiet(kind: string): void {
    const quiet = { count: 0, what: '' };
    this.#quiet.set(kind, quiet);
    setTimeout(() => {
      this.#quiet.delete(kind);
      if (quiet.count === 0) return;
      this.#write(`[hyperpipe] ${quiet.count} more in ${QUIET_MS / 1000} s: ${quiet.what}`);
      this.#stayQuiet(kind);
    }, QUIET_MS).unref();
  }
}
