/**
 * WHATWG `Headers` keep one value per name: the challenges of a 401, appended one by one,
 * come out joined with ", ". On the wire each challenge goes back into a `WWW-Authenticate`
 * field of its own, as RFC 9110 §11.6.1 advises: clients do not all read a joined list, and
 * curl, offered Digest with SHA-256 then with MD5 in one field, answers with MD5.
 */

/** A token followed by a space (a scheme and its parameters), or alone: a new challenge. */
const CHALLENGE_START = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?: +[^\s=,]|\s*(?:,|$))/;

/**
 * Splits a joined `WWW-Authenticate` value into its challenges. A comma separates two
 * challenges where a scheme follows it, and two parameters of one challenge where
 * `name=value` does; commas inside quoted strings separate nothing.
 *
 * @param value - the joined value, such as `Basic realm="api", Digest realm="api", nonce="…"`
 */
export function splitChallenges(value: string): string[] {
  const challenges: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === '\\' && quoted) index++;
    else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted && CHALLENGE_START.test(value.slice(index + 1).trimStart())) {
      challenges.push(value.slice(start, index).trim());
      start = index + 1;
    }
  }
  challenges.push(value.slice(start).trim());
  return challenges.filter((challenge) => challenge !== '');
}
