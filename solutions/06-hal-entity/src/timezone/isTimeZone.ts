/** `Area/Location` names of the IANA database, and `UTC`; no offsets such as `+01:00`. */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

/**
 * Whether a value is an IANA time zone name that this runtime knows, such as
 * `Europe/Paris`. The runtime's own time zone data decides, through Intl.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !IANA_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
