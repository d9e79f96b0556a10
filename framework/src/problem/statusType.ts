/** Status codes that RFC 9110 defines, each under its own anchor in section 15. */
const RFC_9110 = new Set([
  100, 101, 200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304, 305, 307, 308, 400, 401,
  402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 426,
  500, 501, 502, 503, 504, 505,
]);

/** Status codes defined elsewhere, with the section that defines each. */
const ELSEWHERE: Readonly<Record<number, string>> = {
  428: 'https://www.rfc-editor.org/rfc/rfc6585#section-3',
  429: 'https://www.rfc-editor.org/rfc/rfc6585#section-4',
  431: 'https://www.rfc-editor.org/rfc/rfc6585#section-5',
  451: 'https://www.rfc-editor.org/rfc/rfc7725#section-3',
  511: 'https://www.rfc-editor.org/rfc/rfc6585#section-6',
};

/**
 * The URL of the definition of an HTTP status code, the default `type` of a problem:
 * for 405, `https://www.rfc-editor.org/rfc/rfc9110#status.405`. A code no RFC defines
 * gets `about:blank`, which RFC 9457 says means "nothing beyond the status".
 *
 * @example
 * ```ts
 * statusType(404); // 'https://www.rfc-editor.org/rfc/rfc9110#status.404'
 * statusType(299); // 'about:blank'
 * ```
 *
 * @category Problems
 */
export function statusType(status: number): string {
  if (RFC_9110.has(status)) return `https://www.rfc-editor.org/rfc/rfc9110#status.${status}`;
  return ELSEWHERE[status] ?? 'about:blank';
}
