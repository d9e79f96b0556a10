// The part of markdown-it (which ships no types) that markdown.ts uses: its parser's tokens.
declare module 'markdown-it' {
  export interface Token {
    type: string;
    tag: string;
    /** 1 opens a block, -1 closes it, 0 stands alone. */
    nesting: 1 | 0 | -1;
    content: string;
    info: string;
    markup: string;
    /** A paragraph of a tight list (no blank lines between its items) is hidden. */
    hidden: boolean;
    children: Token[] | null;
    attrGet(name: string): string | null;
  }
  export default class MarkdownIt {
    parse(source: string, env: object): Token[];
  }
}
