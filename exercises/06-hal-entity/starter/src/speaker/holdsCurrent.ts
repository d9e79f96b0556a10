/**
 * Whether a client's `If-None-Match` names the version it would get, tagged `tag`: then the
 * client's copy is current, and the answer is `304 Not Modified`.
 *
 * TODO: true when the field is `*` (any current version), or when one of the tags it lists,
 * separated by commas, equals `tag` once spaces and a leading `W/` are dropped from both
 * (the comparison is weak). No field, `null`, is false (README, "Revalidation"; hint 11).
 *
 * @param ifNoneMatch - the request's `If-None-Match` field, or `null` when it has none
 * @param tag - the `ETag` of the answer the request would get, such as `"abc"`
 */
export function holdsCurrent(_ifNoneMatch: string | null, _tag: string): boolean {
  return false;
}
