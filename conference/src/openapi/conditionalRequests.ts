import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { problemResponse } from './problems.ts';

// Conditional requests (RFC 9110, section 13): what the document says of validators and
// caches. The headers are written out in each response rather than referenced, so that a
// checker reading `required` finds it without resolving a $ref.

/** `ETag` (RFC 9110, section 8.8.3), on every representation of an entity or a page. */
export const ETAG = {
  description:
    'A strong validator of this representation: send it back in `If-None-Match` to revalidate, or in `If-Match` to write over this state only.',
  required: true,
  schema: { type: 'string' as const, pattern: '^"[^"]*"$' },
};

/** `Vary` (RFC 9110, section 12.5.5): the answer was chosen by `Accept`. */
export const VARY = {
  description:
    'The request headers that chose this answer (`Accept`): a cache keeps one answer per value.',
  required: true,
  schema: { type: 'string' as const },
};

/** The `If-None-Match` header of a GET: answer 304 if the representation still has that tag. */
export const IF_NONE_MATCH = z.object({
  'If-None-Match': z.string().optional().meta({
    description:
      'ETags the client holds, or `*`: when the representation still has one of them, the answer is 304 with no body.',
  }),
});

/** The `If-Match` header of a write: write only if the entity still has that tag. */
export const IF_MATCH = z.object({
  'If-Match': z.string().optional().meta({
    description:
      'The ETag the client last saw, or `*`: unless the entity still has it, nothing is written and the answer is 412.',
  }),
});

/** The 304 of a GET whose `If-None-Match` names the current tag. */
export const NOT_MODIFIED: ResponseConfig = {
  description: 'Not Modified: the representation still has a tag `If-None-Match` names. No body.',
  headers: { ETag: ETAG, Vary: VARY },
};

/** The 412 of a write whose `If-Match` names a tag the entity no longer has. */
export const PRECONDITION_FAILED = problemResponse(
  412,
  'The entity no longer has the ETag `If-Match` names (someone changed it: GET it again), or there is no entity. Nothing was written.',
);
