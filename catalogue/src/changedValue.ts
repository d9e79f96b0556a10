/**
 * Chooses a field's value for a partial update: `undefined` means "not mentioned, keep the
 * current value", while `null` means "clear it".
 *
 * @param change - the value in the patch, possibly `undefined`
 * @param current - the value stored now
 */
export function changedValue<T>(change: T | undefined, current: T): T {
  return change === undefined ? current : change;
}
