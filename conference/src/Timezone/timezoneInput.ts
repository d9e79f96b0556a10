import { z } from 'zod';
import { isTimeZone } from './isTimeZone.ts';

/** What `POST /timezone` takes, as JSON or as a form: a `timezone` that this runtime knows. */
export const timezoneInput = z.object({
  timezone: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'A timezone is required' : 'The timezone must be a string',
    })
    .refine(isTimeZone, {
      message: 'The timezone must be a valid IANA time zone name, such as Europe/Paris',
      params: { rule: 'timezone' },
    }),
});
