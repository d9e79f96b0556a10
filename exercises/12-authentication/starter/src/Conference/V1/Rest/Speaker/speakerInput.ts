import { z } from 'zod';
import { text } from '../../../../validation/text.ts';

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const fields = {
  name: text('name')
    .trim()
    .min(1, 'The name is required')
    .max(80, 'The name must be at most 80 characters'),
  url: text('url')
    .max(255, 'The url must be at most 255 characters')
    .refine(isHttpUrl, {
      message: 'The url must be an http or https URL',
      params: { rule: 'httpUrl' },
    })
    .nullable()
    .optional(),
  twitter: text('twitter handle')
    .max(80, 'The twitter handle must be at most 80 characters')
    .nullable()
    .optional(),
};

/** A speaker as POST and PUT take it: `name` required, unknown fields refused. */
export const speakerInput = z.strictObject(fields);

/** A speaker as PATCH takes it: every field optional, unknown fields refused. */
export const speakerPatch = z.strictObject({ ...fields, name: fields.name.optional() });
