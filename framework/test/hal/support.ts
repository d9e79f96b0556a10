import { Ajv } from 'ajv';
import { expect } from 'vitest';
import halSchema from './hal.schema.json' with { type: 'json' };

const validateHal = new Ajv({ allErrors: true, strict: true }).compile(halSchema);

/** The HAL schema's verdict on a document: the errors, or an empty list when it is valid. */
export function halErrors(document: unknown): string[] {
  if (validateHal(document)) return [];
  return (validateHal.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

/** Asserts that a document is a valid HAL resource object (draft-kelly-json-hal). */
export function expectValidHal(document: unknown): void {
  expect(halErrors(document), JSON.stringify(document)).toEqual([]);
}

/** A document as JSON text would carry it: what `toJSON` methods render. */
export function asJson(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value));
}
