/**
 * Decides whether a value is acceptable. vitest's asymmetric matchers (`expect.any(Number)`,
 * `expect.stringMatching(…)`) are matchers, and so is what {@link satisfies} returns.
 */
export interface Matcher {
  /** Whether the value is acceptable. */
  asymmetricMatch(actual: unknown): boolean;
  /** What is acceptable, in words. */
  toString(): string;
}

/** Whether a value is a {@link Matcher}. */
export function isMatcher(value: unknown): value is Matcher {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Matcher).asymmetricMatch === 'function'
  );
}

/**
 * A value as a report shows it: JSON, except that matchers show what they accept and
 * regular expressions show as `/…/`.
 */
export function show(value: unknown): string {
  if (isMatcher(value)) {
    const description = describeMatcher(value);
    return description.includes('<') ? description : `<${description}>`;
  }
  if (value instanceof RegExp) return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    if (Object.keys(value).length === 0) return '{}';
    const members = Object.entries(value).map(
      ([key, member]) => `${JSON.stringify(key)}: ${show(member)}`,
    );
    return `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value) ?? String(value);
}

function describeMatcher(matcher: Matcher): string {
  // vitest's own matchers describe themselves best through toAsymmetricMatcher().
  const own = (matcher as { toAsymmetricMatcher?: () => string }).toAsymmetricMatcher;
  return typeof own === 'function' ? own.call(matcher) : matcher.toString();
}

/**
 * A matcher from a predicate and the words that describe what it accepts, which are
 * what the learner reads: `satisfies(Number.isInteger, 'an integer')`.
 */
export function satisfies(predicate: (actual: unknown) => boolean, description: string): Matcher {
  return {
    asymmetricMatch: (actual) => predicate(actual),
    toString: () => description,
  };
}

/**
 * Compares a value with what was expected, where the expected value may hold matchers
 * and regular expressions, and objects need only have the members listed. Returns the
 * differences, one line each; none when the value is acceptable.
 */
export function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (isMatcher(expected)) {
    return expected.asymmetricMatch(actual)
      ? []
      : [`${path} is ${show(actual)}, expected ${show(expected)}`];
  }
  if (expected instanceof RegExp) {
    return typeof actual === 'string' && expected.test(actual)
      ? []
      : [`${path} is ${show(actual)}, expected a text matching ${expected}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path} is ${show(actual)}, expected a list`];
    if (actual.length !== expected.length) {
      return [`${path} has ${actual.length} items, expected ${expected.length}`];
    }
    return expected.flatMap((item, index) => differences(actual[index], item, `${path}[${index}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return [`${path} is ${show(actual)}, expected an object`];
    }
    return Object.entries(expected).flatMap(([key, member]) =>
      Object.hasOwn(actual, key)
        ? differences((actual as Record<string, unknown>)[key], member, `${path}.${key}`)
        : [`${path}.${key} is missing`],
    );
  }
  return Object.is(actual, expected)
    ? []
    : [`${path} is ${show(actual)}, expected ${show(expected)}`];
}
