import type { NamePart } from './namePools.ts';

// Letters that are not a base letter plus accent, so Unicode decomposition leaves them alone.
const UNDECOMPOSABLE_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
};

/**
 * Spells a name part with plain ASCII letters, for use in handles and web addresses:
 * `'Łukasz'` becomes `'Lukasz'`, `['山田', 'Yamada']` becomes `'Yamada'`.
 */
export function latinSpelling(part: NamePart): string {
  const text = typeof part === 'string' ? part : part[1];
  return text
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .replace(/./gu, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter);
}

/**
 * Returns a name part as it is written in its own script.
 */
export function nativeSpelling(part: NamePart): string {
  return typeof part === 'string' ? part : part[0];
}
