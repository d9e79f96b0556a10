/** Which slice of a list to read: skip `offset` rows, then return at most `limit`. */
export interface PageRequest {
  /** How many rows to skip; a non-negative integer. */
  offset: number;
  /** The most rows to return; a non-negative integer. */
  limit: number;
}

/** One slice of a list, and the length of the whole list so that clients can build page links. */
export interface Page<T> {
  /** The rows of this slice, in list order. */
  items: T[];
  /** How many rows the whole list has. */
  total: number;
}

/**
 * Rejects offsets and limits that SQLite would misread: it treats a negative LIMIT as "no limit".
 *
 * @throws RangeError when either value is not a non-negative safe integer
 */
export function assertValidPageRequest({ offset, limit }: PageRequest): void {
  for (const [label, value] of [
    ['offset', offset],
    ['limit', limit],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`Page ${label} must be a non-negative safe integer, got ${value}`);
    }
  }
}
