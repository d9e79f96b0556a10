import { z } from 'zod';

/**
 * A UTF-16 code unit of a surrogate pair left without its partner. JSON lets a client send
 * one (`"\ud800"`), but no UTF-8 text can hold it: SQLite would store U+FFFD in its place,
 * and the API would read back a title other than the one it accepted.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A noncharacter: U+FDD0 to U+FDEF, and the last two code points of every plane (U+FFFE,
 * U+FFFF, U+1FFFE…). Unicode keeps them for a program's own use, never for text it
 * exchanges: Java's CharacterIterator marks the end of text with U+FFFF, and U+FFFE is a
 * byte order mark read the wrong way round. UTF-8 can hold them, so SQLite would store them
 * and the API serve them to clients that may stop reading there.
 */
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;

/**
 * A control character other than tab and line breaks: NUL, which many clients read as the
 * end of the text, ESC, which starts a terminal's escape sequence when a name is printed…
 */
const CONTROL = /[^\P{Cc}\t\n\r]/u;

/**
 * Characters that show nothing: white space, format characters (U+200B zero width space,
 * U+202E right-to-left override) and the others Unicode says to ignore when not supported
 * (U+3164 Hangul filler). A name of only these would be a blank line in every list.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]+$/u;

/**
 * A text field of the API's input, with messages that name it: `The name is required`
 * when it is missing, `The name must be a string` when it is something else,
 * `The name must be valid Unicode text` when it holds a lone surrogate,
 * `The name must not hold Unicode noncharacters` for U+FFFF and the like,
 * `The name must not hold control characters` for NUL, ESC and the like, and
 * `The name must hold a visible character` when nothing of it would show.
 *
 * Text of white space only is left to the field's own rule (a name is trimmed, then
 * required), so that its message stays the one a blank field gets.
 */
export function text(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `The ${field} is required` : `The ${field} must be a string`,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      message: `The ${field} must be valid Unicode text`,
      params: { rule: 'unicode' },
      // Length and format messages about text that is refused anyway would only add noise.
      abort: true,
    })
    .refine((value) => !NONCHARACTER.test(value), {
      message: `The ${field} must not hold Unicode noncharacters`,
      params: { rule: 'noncharacter' },
      abort: true,
    })
    .refine((value) => !CONTROL.test(value), {
      message: `The ${field} must not hold control characters`,
      params: { rule: 'control' },
      abort: true,
    })
    .refine((value) => value.trim() === '' || !INVISIBLE.test(value), {
      message: `The ${field} must hold a visible character`,
      params: { rule: 'visible' },
      abort: true,
    });
}
