import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/markdown.ts';
import { supportsHyperlinks, wantsColour, withoutColourForInk } from '../src/terminal.ts';

const README = `# Step 05: time zones

**Goal**: answer \`GET /timezone\`.

| Request         | Answer |
| --------------- | ------ |
| \`GET /timezone\` | \`200\`  |

## What to do

1. Add the route, see [the handler](../../framework/src/http/responses.ts#L3).
2. Then:
   - a nested point
   - and [the guide](https://example.org/guide)

\`\`\`sh
npm run check
\`\`\`
`;

const plain = {
  colour: false,
  hyperlinks: false,
  baseDir: '/repo/exercises/05-timezone',
  rootDir: '/repo',
  width: 0,
};

describe('renderMarkdown', () => {
  it('renders headings, lists, tables and code as plain text', () => {
    expect(renderMarkdown(README, plain)).toBe(
      [
        'Step 05: time zones',
        '═══════════════════',
        '',
        'Goal: answer `GET /timezone`.',
        '',
        '• `GET /timezone`',
        '    Answer: `200`',
        '',
        'What to do',
        '──────────',
        '',
        '1. Add the route, see the handler (framework/src/http/responses.ts).',
        '2. Then:',
        '   • a nested point',
        '   • and the guide (https://example.org/guide)',
        '',
        '    npm run check',
      ].join('\n'),
    );
  });

  it('makes links clickable with OSC 8, local files as file: URLs', () => {
    const text = renderMarkdown(README, { ...plain, hyperlinks: true });
    expect(text).toContain(
      '\u001B]8;;file:///repo/framework/src/http/responses.ts#L3\u0007the handler\u001B]8;;\u0007',
    );
    expect(text).toContain('\u001B]8;;https://example.org/guide\u0007the guide\u001B]8;;\u0007');
    expect(text).not.toContain('(https://example.org/guide)');
  });

  it('colours only when asked, and wraps to the width under the item it belongs to', () => {
    const coloured = renderMarkdown(README, { ...plain, colour: true, width: 30 });
    expect(coloured).toContain('\u001B[1mStep 05: time zones\u001B[22m');
    expect(stripVTControlCharacters(coloured)).toContain(
      '1. Add the route, see the\n   handler\n   (framework/src/http/responses.ts).',
    );
    expect(renderMarkdown(README, plain)).not.toContain('\u001B');
  });

  it('keeps inline code apart from the sentence, coloured or not', () => {
    const source = 'The check says `status is 404, not 200` when no route matches.';
    expect(renderMarkdown(source, plain)).toBe(
      'The check says `status is 404, not 200` when no route matches.',
    );
    const coloured = renderMarkdown(source, { ...plain, colour: true });
    expect(coloured).toContain('\u001B[36mstatus is 404, not 200\u001B[39m');
    // Colours add no words and take none away: the same text, backticks included.
    expect(stripVTControlCharacters(coloured)).toBe(renderMarkdown(source, plain));
    expect(stripVTControlCharacters(renderMarkdown(README, { ...plain, colour: true }))).toBe(
      renderMarkdown(README, plain),
    );
  });
});

describe('wantsColour', () => {
  const tty = { isTTY: true };
  it('colours a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR wins over the terminal', () => {
    expect(wantsColour(tty, { TERM: 'xterm-256color' })).toBe(true);
    expect(wantsColour(tty, { TERM: 'xterm-256color', NO_COLOR: '1' })).toBe(false);
    expect(wantsColour(tty, { TERM: 'dumb' })).toBe(false);
    expect(wantsColour(tty, { TERM: 'dumb', FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
  });

  it("turns the Ink app's colour off through FORCE_COLOR, the only switch its chalk reads", () => {
    const env: NodeJS.ProcessEnv = { NO_COLOR: '1', FORCE_COLOR: '3' };
    withoutColourForInk(wantsColour(tty, env), env);
    expect(env.FORCE_COLOR).toBe('0');
    const coloured: NodeJS.ProcessEnv = { TERM: 'xterm' };
    withoutColourForInk(wantsColour(tty, coloured), coloured);
    expect(coloured.FORCE_COLOR).toBeUndefined();
  });
});

describe('supportsHyperlinks', () => {
  const tty = { isTTY: true };
  it('says yes for terminals known to show them, on a terminal only', () => {
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'iTerm.app' })).toBe(true);
    expect(supportsHyperlinks(tty, { VTE_VERSION: '7600' })).toBe(true);
    expect(supportsHyperlinks(tty, { TERM: 'xterm-256color' })).toBe(false);
    expect(supportsHyperlinks({ isTTY: false }, { TERM_PROGRAM: 'iTerm.app' })).toBe(false);
  });

  it('gives plain text for NO_COLOR and CI, and follows FORCE_HYPERLINK', () => {
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'vscode', NO_COLOR: '1' })).toBe(false);
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'vscode', CI: 'true' })).toBe(false);
    expect(supportsHyperlinks({ isTTY: false }, { FORCE_HYPERLINK: '1' })).toBe(true);
    expect(supportsHyperlinks(tty, { TERM_PROGRAM: 'vscode', FORCE_HYPERLINK: '0' })).toBe(false);
  });
});
