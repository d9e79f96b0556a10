import { z } from 'zod';
import { NO_FIELD, namesAField } from '../../../../validation/namesAField.ts';
import { text } from '../../../../validation/text.ts';

const isHttpUrl = (value: string) => {
  // The URL parser skips tabs and line breaks inside a URL, but they would be stored as sent.
  if (/[\s\p{Cc}]/u.test(value)) return false;
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
  // Like the name, a url loses the white space around it, a copy-and-paste accident:
  // " https://ada.example" is stored as "https://ada.example".
  url: text('url')
    .trim()
    .max(255, 'The url must be at most 255 characters')
    .refine(isHttpUrl, {
      message: 'The url must be an http or https URL',
      params: { rule: 'httpUrl' },
    })
    .meta({ description: 'An http or https URL; white space around it is removed' })
    .nullable()
    .optional(),
  twitter: text('twitter handle')
    .max(80, 'The twitter handle must be at most 80 characters')
    .nullable()
    .optional(),
};

/** A speaker as POST and PUT take it: `name` required, unknown fields refused. */
export const speakerInput = z.strictObject(fields);

/**
 * A speaker as PATCH takes it: every field optional, unknown fields refused, and at least
 * one field present. A PATCH that names no field (no body, JSON `null`, `{}`) would change
 * nothing, yet answer 200 as if it had: the client's mistake would go unnoticed.
 */
export const speakerPatch = z
  .strictObject({ ...fields, name: fields.name.optional() })
  .refine(namesAField, NO_FIELD)
  .meta({ minProperties: 1 });
