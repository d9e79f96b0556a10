import type { z } from 'zod';

/**
 * Whether a PATCH body names at least one field. The REST layer hands a resource `{}` when
 * a request has no body or a JSON `null` one, so this refuses those too.
 */
export function namesAField(body: object): boolean {
  return Object.keys(body).length > 0;
}

/** The refinement's message and rule: `{ body: { empty: … } }` in the 422 problem. */
export const NO_FIELD = {
  message: 'The body must name at least one field to change',
  params: { rule: 'empty' },
  // A body of unknown fields only is already refused, each by name: "empty" would be noise.
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
};
