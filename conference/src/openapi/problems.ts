import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { PROBLEM_MEDIA_TYPE } from 'hyperpipe/problem';
import { z } from 'zod';

/** An API Problem (RFC 9457), as the problem middleware renders every error. */
export const problem = z
  .object({
    type: z.string().meta({ description: 'The definition of the status in RFC 9110.' }),
    title: z.string().meta({ description: 'The reason phrase of the status.' }),
    status: z.int().min(400).max(599),
    detail: z.string().meta({ description: 'What went wrong this time.' }),
  })
  .meta({ id: 'Problem', description: 'What went wrong, as an API Problem (RFC 9457).' });

/** The 422 problem: the messages of each field, by rule. */
export const validationProblem = problem
  .extend({
    validation_messages: z
      .record(z.string(), z.record(z.string(), z.string()))
      .meta({ description: 'By field, then by rule: `{ "name": { "required": "…" } }`.' }),
  })
  .meta({ id: 'ValidationProblem', description: 'A body that failed validation.' });

/** The headers some problems carry, with what they say. */
const HEADERS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  401: { 'WWW-Authenticate': 'One challenge per header: Basic, Digest, Bearer.' },
  503: { 'Retry-After': 'Seconds to wait before trying again.' },
};

/** A problem answer with `status`, described for the operation that gives it. */
export function problemResponse(status: number, description: string): ResponseConfig {
  const headers = HEADERS[status];
  return {
    description,
    ...(headers && {
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, about]) => [
          name,
          { description: about, required: true, schema: { type: 'string' } },
        ]),
      ),
    }),
    content: {
      [PROBLEM_MEDIA_TYPE]: { schema: status === 422 ? validationProblem : problem },
    },
  };
}
