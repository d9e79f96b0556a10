import { z } from 'zod';
import { NO_FIELD, namesAField } from '../../../../validation/namesAField.ts';
import { text } from '../../../../validation/text.ts';

/** A real calendar date as `YYYY-MM-DD`: 2027-02-30 has the shape but is no day. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

// The days a talk may have. JavaScript takes 0000-01-01 as a day, but year 0 exists in few
// calendars (Python's dates start at year 1), so a client could not read it back. Four-digit
// years from 1900 hold any real conference and keep the days sorting as text.
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2999-12-31';
/** The same bounds as a JSON Schema pattern, for the OpenAPI document. */
const DAY_PATTERN = '^(19|2[0-9])[0-9]{2}-[0-9]{2}-[0-9]{2}$';

const SPEAKER_IDS = 'The speakers must be a list of speaker ids';

// SQLite's TEXT has no length of its own: without these maxima one request could store
// megabytes. A title fits on a slide; an abstract is a few paragraphs.
const fields = {
  title: text('title')
    .trim()
    .min(1, 'The title is required')
    .max(300, 'The title must be at most 300 characters'),
  abstract: text('abstract')
    .max(4000, 'The abstract must be at most 4000 characters')
    .nullable()
    .optional(),
  day: text('day')
    .refine(isCalendarDate, {
      message: 'The day must be in the format YYYY-MM-DD',
      params: { rule: 'date' },
      abort: true,
    })
    .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, {
      message: `The day must be between ${FIRST_DAY} and ${LAST_DAY}`,
      params: { rule: 'range' },
    })
    .meta({ format: 'date', pattern: DAY_PATTERN })
    .nullable()
    .optional(),
  start_time: text('start_time')
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'The start time must be in the format HH:MM')
    .nullable()
    .optional(),
  // The element schema needs the message too: the array's own error covers only a
  // `speakers` that is no list, and zod's defaults ("Too small: expected number to be >0")
  // would otherwise reach the client for [0] or ["1"].
  speakers: z
    .array(z.number({ error: SPEAKER_IDS }).int(SPEAKER_IDS).positive(SPEAKER_IDS), {
      error: SPEAKER_IDS,
    })
    .max(20, 'A talk has at most 20 speakers')
    .optional(),
};

/** A talk as POST and PUT take it: `title` required, `speakers` a list of existing speaker ids. */
export const talkInput = z.strictObject(fields);

/** A talk as PATCH takes it: every field optional, and at least one present. */
export const talkPatch = z
  .strictObject({ ...fields, title: fields.title.optional() })
  .refine(namesAField, NO_FIELD)
  .meta({ minProperties: 1 });
