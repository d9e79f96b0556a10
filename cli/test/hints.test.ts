import { describe, expect, it } from 'vitest';
import { parseHintRules, parseHintSections } from '../src/workshop/hints.ts';

describe('parseHintRules', () => {
  it('groups consecutive hints of the same rule into its ladder, numbered through the file', () => {
    const markdown = [
      '# Hints for step 06',
      '## Hint 1: Routes lead to handlers\n\nConcept.',
      '## Hint 2: Routes lead to handlers\n\nShape.',
      '## Hint 3: Links are absolute\n\nConcept.',
      '## Hint 4: Routes lead to handlers\n\nAgain, apart.',
    ].join('\n\n');
    const rules = parseHintRules(markdown);
    expect(rules.map((rule) => [rule.name, rule.hints.map((hint) => hint.number)])).toEqual([
      ['Routes lead to handlers', [1, 2]],
      ['Links are absolute', [3]],
      ['Routes lead to handlers', [4]],
    ]);
    expect(rules[0]?.hints[1]).toEqual({
      number: 2,
      rule: 'Routes lead to handlers',
      text: 'Shape.',
    });
  });

  it('reads a bare `## Hint N` as a rule of its own, even next to another bare one', () => {
    const rules = parseHintRules('## Hint 1\n\nOne.\n\n## Hint 2\n\nTwo.\n');
    expect(rules).toEqual([
      { name: undefined, hints: [{ number: 1, rule: undefined, text: 'One.' }] },
      { name: undefined, hints: [{ number: 2, rule: undefined, text: 'Two.' }] },
    ]);
  });

  it('keeps a code block inside its hint, and a heading other than `## Hint` in the text', () => {
    const sections = parseHintSections(
      '## Hint 1: A rule\n\n```ts\nconst a = 1;\n```\n\n## Hints are not this\n\n## Hint 2: A rule\n\nB.',
    );
    expect(sections.map((section) => section.number)).toEqual([1, 2]);
    expect(sections[0]?.text).toContain('```ts\nconst a = 1;\n```');
  });
});
