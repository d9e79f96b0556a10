import { z } from 'zod';

/**
 * A UTF-16 code unit of a surrogate pair left without its partner. JSON lets a client send
 * one (`"\ud800"`), but no UTF-8 text can hold it: SQLite would store U+FFFD in its place,
 * and the API would read back a title other than the one it accepted.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A text field of the API's input, with messages that name it: `The name is required`
 * when it is missing, `The name must be a string` when it is something else, and
 * `The name must be valid Unicode text` when it holds a lone surrogate.
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
    });
}
