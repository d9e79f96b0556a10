import { z } from 'zod';
import { text } from '../../../../validation/text.ts';

// TODO: the rules of a speaker's fields, those of the speakers table of the catalogue:
// - name: required, not blank, at most 80 characters;
// - url: at most 255 characters, an http or https URL, may be null or left out;
// - twitter: at most 80 characters, may be null or left out.
// - and a PATCH names at least one field: speakerPatch below, as talkPatch in talkInput.ts.
// Each rule's message reaches the client in validation_messages, and names the field.
// The README's "Validation with zod" says where to look; talkInput.ts is a worked example.
const fields = {
  name: text('name'),
  url: text('url').nullable().optional(),
  twitter: text('twitter handle').nullable().optional(),
};

/** A speaker as POST and PUT take it: `name` required, unknown fields refused. */
export const speakerInput = z.strictObject(fields);

/** A speaker as PATCH takes it: every field optional, unknown fields refused. */
export const speakerPatch = z.strictObject({ ...fields, name: fields.name.optional() });
