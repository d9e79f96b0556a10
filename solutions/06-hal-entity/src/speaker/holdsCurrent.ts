/**
 * Whether a client's `If-None-Match` names the version it would get, tagged `tag`: then the
 * client's copy is current, and the answer is `304 Not Modified`.
 *
 * @param ifNoneMatch - the request's `If-None-Match` field, or `null` when it has none
 * @param tag - the `ETag` of the answer the request would get, such as `"abc"`
 */
export function holdsCurrent(ifNoneMatch: string | null, tag: string): boolean {
  // No field: the client holds no copy, so it gets the whole answer.
  if (ifNoneMatch === null) return false;
  // `*`: any current version, and this one is current.
  if (ifNoneMatch.trim() === '*') return true;
  // A list of tags, separated by commas: a cache may hold several versions.
  return ifNoneMatch.split(',').some((listed) => opaque(listed) === opaque(tag));
}

/** A tag without its spaces and its leading `W/`: the comparison is weak, so `W/"x"` is `"x"`. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}
