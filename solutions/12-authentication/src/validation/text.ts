import { z } from 'zod';

/**
 * A text field of the API's input, with messages that name it: `The name is required`
 * when it is missing, `The name must be a string` when it is something else.
 */
export function text(field: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `The ${field} is required` : `The ${field} must be a string`,
  });
}
