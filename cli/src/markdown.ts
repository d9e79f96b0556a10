import { isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import MarkdownIt, { type Token } from 'markdown-it';
import { paint } from './terminal.ts';

/** How to render Markdown for a terminal. */
export interface MarkdownOptions {
  /** Bold headings, coloured code. */
  colour: boolean;
  /** Links as OSC 8 hyperlinks (clickable); otherwise as `text (url)`. */
  hyperlinks: boolean;
  /** The Markdown file's folder: relative links are resolved from it. */
  baseDir: string;
  /** Where plain-text links to local files are shown from (the repository's root). */
  rootDir: string;
  /** Lines are wrapped to this many columns; 0 leaves them as they come. */
  width: number;
}

const parser = new MarkdownIt();
const BULLET = '•';
const CODE_INDENT = '    ';

/**
 * Markdown (a step's README) as terminal text: headings underlined, lists with bullets or
 * numbers, code blocks indented, tables as one item per row, and links clickable where the
 * terminal supports it. Only the Markdown the workshop's files use; the rest passes as text.
 */
export function renderMarkdown(source: string, options: MarkdownOptions): string {
  const p = paint(options.colour);
  let out = '';
  const lists: Array<{ ordered: boolean; next: number }> = [];
  // The indent of each open list item's text, innermost last.
  const items: string[] = [];
  // The bullet (or number) line start waiting for the first block of a list item.
  let marker: string | undefined;
  let heading = 0;
  let quote = false;
  let tight = false;
  let listStarts = false;

  const push = (text: string) => {
    // The items of a tight list follow each other line by line; everything else is spaced.
    const together = tight && !listStarts && items.length > 0;
    out += out === '' ? text : `${together ? '\n' : '\n\n'}${text}`;
    listStarts = false;
  };
  const add = (text: string) => {
    const prefix = quote ? '│ ' : '';
    const indent = items.at(-1) ?? '';
    push(wrap(text, options.width, `${prefix}${marker ?? indent}`, `${prefix}${indent}`));
    marker = undefined;
  };

  const tokens = parser.parse(source, {});
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    switch (token.type) {
      case 'heading_open':
        heading = Number(token.tag.slice(1));
        break;
      case 'heading_close':
        heading = 0;
        break;
      case 'paragraph_open':
        tight = token.hidden;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({
          ordered: token.type === 'ordered_list_open',
          next: Number(token.attrGet('start') ?? 1),
        });
        // A list that starts a block stands apart from the paragraph before it.
        if (lists.length === 1) listStarts = true;
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        const outer = items.at(-1) ?? '';
        const bullet = list?.ordered ? `${list.next}.` : BULLET;
        if (list) list.next += 1;
        marker = `${outer}${bullet} `;
        items.push(' '.repeat(marker.length));
        break;
      }
      case 'list_item_close':
        items.pop();
        break;
      case 'blockquote_open':
        quote = true;
        break;
      case 'blockquote_close':
        quote = false;
        break;
      case 'inline': {
        const text = renderInline(token.children ?? [], options);
        if (heading === 0) {
          add(text);
        } else {
          const rule = (heading === 1 ? '═' : '─').repeat(stripVTControlCharacters(text).length);
          push(heading <= 2 ? `${p.bold(text)}\n${p.dim(rule)}` : p.bold(text));
        }
        break;
      }
      case 'fence':
      case 'code_block': {
        const lines = token.content.replace(/\n$/, '').split('\n');
        const prefix = `${quote ? '│ ' : ''}${items.at(-1) ?? ''}${CODE_INDENT}`;
        tight = false;
        push(lines.map((line) => `${prefix}${p.yellow(line)}`).join('\n'));
        break;
      }
      case 'table_open':
        index = renderTable(tokens, index, options, push);
        break;
      case 'hr':
        push(p.dim('─'.repeat(Math.min(options.width || 40, 40))));
        break;
      default:
        break;
    }
  }
  return out;
}

/** A table, one item per row: its first cell, then each other cell under its header. */
function renderTable(
  tokens: Token[],
  start: number,
  options: MarkdownOptions,
  push: (text: string) => void,
): number {
  const rows: string[][] = [];
  let index = start;
  for (; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.type === 'table_close') break;
    if (token.type === 'tr_open') rows.push([]);
    if (token.type === 'inline') rows.at(-1)?.push(renderInline(token.children ?? [], options));
  }
  const [headers = [], ...body] = rows;
  const lines = body.map(([first = '', ...rest]) => {
    const cells = rest.map((cell, column) => `${headers[column + 1] ?? ''}: ${cell}`);
    return [
      wrap(`${BULLET} ${first}`, options.width, '', '  '),
      ...cells.map((cell) => wrap(cell, options.width, '    ', '      ')),
    ].join('\n');
  });
  push(lines.join('\n'));
  return index;
}

/** A paragraph's words, with bold, italics, code and links. */
function renderInline(tokens: Token[], options: MarkdownOptions): string {
  const p = paint(options.colour);
  let text = '';
  let link: { href: string; text: string } | undefined;
  const emit = (part: string) => {
    if (link) link.text += part;
    else text += part;
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        emit(token.content);
        break;
      case 'code_inline':
        // The backticks stay, dimmed when coloured: without them a quoted message or a
        // command runs into the sentence wherever the colour does not come through (a
        // terminal theme, a copy, a screen capture).
        emit(`${p.dim('`')}${p.cyan(token.content)}${p.dim('`')}`);
        break;
      case 'softbreak':
      case 'hardbreak':
        emit(token.type === 'hardbreak' ? '\n' : ' ');
        break;
      case 'strong_open':
      case 'strong_close':
        if (options.colour) emit(token.nesting === 1 ? '\x1b[1m' : '\x1b[22m');
        break;
      case 'em_open':
      case 'em_close':
        if (options.colour) emit(token.nesting === 1 ? '\x1b[3m' : '\x1b[23m');
        break;
      case 'link_open':
        link = { href: token.attrGet('href') ?? '', text: '' };
        break;
      case 'link_close':
        if (link) text += renderLink(link.text, link.href, options);
        link = undefined;
        break;
      default:
        emit(token.content);
    }
  }
  return text;
}

/** A link: clickable (OSC 8) where the terminal can, else its text and where it goes. */
function renderLink(text: string, href: string, options: MarkdownOptions): string {
  const local = !/^[a-z][a-z\d+.-]*:/i.test(href) && !href.startsWith('#');
  const [path = '', anchor] = href.split('#');
  const file = local ? resolve(options.baseDir, path) : undefined;
  if (options.hyperlinks) {
    const url = file ? `${pathToFileURL(file).href}${anchor ? `#${anchor}` : ''}` : href;
    return `\x1b]8;;${url}\x07${text}\x1b]8;;\x07`;
  }
  const shown = file ? shownPath(file, options.rootDir) : href;
  return stripVTControlCharacters(text) === shown ? text : `${text} (${shown})`;
}

function shownPath(file: string, root: string): string {
  const path = relative(root, file);
  return path.startsWith('..') || isAbsolute(path) ? file : path;
}

/**
 * Wraps text to `width` columns at spaces, the first line after `first` and the others after
 * `rest`. Escape sequences (colours, links) take no columns.
 */
function wrap(text: string, width: number, first: string, rest: string): string {
  return text
    .split('\n')
    .map((paragraph, index) => {
      let lines = [`${index === 0 ? first : rest}`];
      for (const word of paragraph.split(' ')) {
        const line = lines.at(-1) as string;
        const fits = width === 0 || visible(line) + 1 + visible(word) <= width;
        const empty = line === first || line === rest;
        if (empty) lines[lines.length - 1] = `${line}${word}`;
        else if (fits) lines[lines.length - 1] = `${line} ${word}`;
        else lines = [...lines, `${rest}${word}`];
      }
      return lines.join('\n');
    })
    .join('\n');
}

function visible(text: string): number {
  return stripVTControlCharacters(text).length;
}
