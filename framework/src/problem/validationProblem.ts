import { ApiProblem } from './ApiProblem.ts';

/**
 * Messages by field, then by rule: `{ name: { isEmpty: 'Value is required' } }`.
 *
 * @category Problems
 */
export type ValidationMessages = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * The 422 problem for input that failed validation, as Apigility's
 * zf-content-validation renders it: detail `Failed Validation`, and the messages by field
 * and rule in the `validation_messages` extension.
 *
 * @param messages - what is wrong, by field and then by rule
 *
 * @example
 * ```ts
 * const app = createApplication();
 * app.post('/timezone', () => {
 *   throw validationProblem({
 *     timezone: { invalid: 'Unknown timezone "Mars/Base"' },
 *   });
 * });
 * ```
 *
 * @see The REST guide: [API Problem](../../../docs/rest.md#api-problem)
 * @category Problems
 */
export function validationProblem(messages: ValidationMessages): ApiProblem {
  return new ApiProblem(422, 'Failed Validation', {
    extensions: { validation_messages: messages },
  });
}
