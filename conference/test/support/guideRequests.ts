/**
 * The requests a guide shows, read from its Markdown: each `curl` line of its shell blocks
 * (continued lines joined), and each URL of the API (`localhost:8800/…`) it names anywhere
 * else, such as the links of an answer it prints. Each is a key, {@link requestKey}, that
 * the test compares with the keys of the requests a client sent.
 */
export function guideRequests(markdown: string): { curl: string[]; urls: string[] } {
  const curl = shellBlocks(markdown)
    .flatMap(commands)
    .flatMap((words) => (words[0] === 'curl' ? [curlKey(words.slice(1))] : []));
  const urls = [...markdown.matchAll(/localhost:8800(\/[^\s'"`)<>,]*)?/g)].map((match) =>
    pathKey(match[1] ?? '/'),
  );
  return { curl, urls };
}

/**
 * What identifies a request here: method, path (every id and URI template variable as
 * `{id}`), the names of its query parameters, its `Accept` and its body's `Content-Type`
 * (`-` for none), as in `PATCH /speaker/{id}?access_token accept=- body=application/json`.
 */
export function requestKey(request: Request): string {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type')?.split(';')[0] ?? '-';
  const accept = request.headers.get('accept') ?? '-';
  return key(request.method, `${url.pathname}${url.search}`, accept, contentType);
}

/** The path part of a key: the path with `{id}`s, and the names of its query parameters. */
export function pathKey(pathAndQuery: string): string {
  const [path = '', query = ''] = pathAndQuery.replace(/\{\?[^}]*\}/g, '').split('?');
  const ids = (path || '/').replace(/\/(\d+|\{\w+\})(?=\/|$)/g, '/{id}');
  const names = [...new Set(new URLSearchParams(query).keys())].sort().join('&');
  return names === '' ? ids : `${ids}?${names}`;
}

function key(method: string, pathAndQuery: string, accept: string, contentType: string): string {
  return `${method} ${pathKey(pathAndQuery)} accept=${accept} body=${contentType}`;
}

/** curl's options: `-X` the method, `-H` a header, `-d` a form field (POST unless `-X`). */
function curlKey(words: string[]): string {
  let method: string | undefined;
  let url: string | undefined;
  let hasBody = false;
  const headers = new Map<string, string>();
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const value = words[index + 1] ?? '';
    if (word === '-X') method = value;
    else if (word === '-H') headers.set(...header(value));
    else if (word === '-d') hasBody = true;
    else if (word.includes('localhost:8800')) url = word.replace(/^.*localhost:8800/, '');
    if (['-X', '-H', '-d', '-u'].includes(word)) index++;
  }
  if (url === undefined)
    throw new Error(`A curl line without a URL of the API: ${words.join(' ')}`);
  const contentType =
    headers.get('content-type') ?? (hasBody ? 'application/x-www-form-urlencoded' : '-');
  return key(method ?? (hasBody ? 'POST' : 'GET'), url, headers.get('accept') ?? '-', contentType);
}

function header(line: string): [string, string] {
  const colon = line.indexOf(':');
  return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
}

function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * The commands of a shell block, each as its words, quotes removed: a new line ends a
 * command unless quoted or escaped; a comment, a pipe or the end of a command substitution
 * ends it too, and `$(` starts one. Enough for the guides' curl lines.
 */
function commands(block: string): string[][] {
  const found: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  let skipping = false;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) found.push(words);
    words = [];
  };
  const text = block.replace(/\\\n/g, ' ').replace(/\$\(/g, '\n');
  for (const character of text) {
    if (skipping) {
      if (character === '\n') skipping = false;
    } else if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else word = (word ?? '') + character;
    } else if (character === "'" || character === '"') {
      quote = character;
      word ??= '';
    } else if (character === '\n') {
      endCommand();
    } else if (/\s/.test(character)) {
      endWord();
    } else if (
      (character === '#' && word === undefined) ||
      character === '|' ||
      character === ')'
    ) {
      endCommand();
      skipping = true;
    } else {
      word = (word ?? '') + character;
    }
  }
  endCommand();
  return found;
}
