/**
 * Chooses a field's value for a partial update: `undefined` means "not mentioned, keep the
 * current value", while `null` means "clear it".
 */
export function changedValue<T>(change: T | undefined, current: T): T {
  return change === undefined ? current : change;
}
