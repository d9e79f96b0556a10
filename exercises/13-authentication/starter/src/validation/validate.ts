import { type ValidationMessages, validationProblem } from 'hyperpipe/problem';
import type { z } from 'zod';

/**
 * Checks input against a zod schema and returns the parsed value, or throws the 422
 * problem of Apigility's zf-content-validation: detail `Failed Validation` and
 * `validation_messages` by field, then by rule. An unknown field is reported under its
 * own name with the rule `unrecognized`.
 */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  // zod 4 leaves `input` out of the issues it returns unless asked; ruleOf needs it to tell
  // a missing field (rule `required`) from one of the wrong type (rule `invalid_type`).
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationProblem(messagesOf(result.error.issues));
}

/** zod's issues as validation messages: `{ field: { rule: message } }`. */
export function messagesOf(issues: readonly z.core.$ZodIssue[]): ValidationMessages {
  // Collected in a Map: assigned to a plain object, a field named `__proto__` would set its
  // prototype instead, and the 422 would name no field at all.
  const messages = new Map<string, Record<string, string>>();
  const add = (field: string, rule: string, message: string) => {
    messages.set(field, { ...messages.get(field), [rule]: message });
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(key, 'unrecognized', `"${key}" is not a field of this resource`);
    } else if (isNoObject(issue)) {
      add('body', issue.code, NO_OBJECT);
    } else {
      const field = issue.path.length > 0 ? String(issue.path[0]) : 'body';
      add(field, ruleOf(issue), issue.message);
    }
  }
  return Object.fromEntries(messages);
}

/** What a body that is no object (`[]`, `"a name"`, `42`) is told, in place of zod's words. */
export const NO_OBJECT = 'The body must be a JSON object of fields, not a list or a single value';

/** Whether the issue is about the whole body, which should have been an object. */
function isNoObject(issue: z.core.$ZodIssue): boolean {
  return issue.path.length === 0 && issue.code === 'invalid_type' && issue.expected === 'object';
}

function ruleOf(issue: z.core.$ZodIssue): string {
  // A missing field is the one invalid type worth its own rule name.
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  // Refinements name their rule in params, e.g. .refine(isTimeZone, { params: { rule: 'timezone' } }).
  if (issue.code === 'custom' && typeof issue.params?.rule === 'string') return issue.params.rule;
  return issue.code;
}
