import { createInMemoryCatalogue } from '@hyperpipe/catalogue';
import { describe, expect, it } from 'vitest';
import { counted, countStatements, describeCount } from '../src/harness/statementCount.ts';

describe('countStatements', () => {
  it('counts the statements run and the rows they read, and says so in words', () => {
    const database = createInMemoryCatalogue();
    try {
      const count = countStatements(database);
      const speaker = database.prepare('SELECT id FROM speakers WHERE id = ?');
      speaker.get(1);
      expect(describeCount(count)).toBe('1 statement, reading 1 row');
      speaker.get(-1);
      expect(describeCount(count)).toBe('2 statements, reading 1 row');
      count.reset();
      expect(describeCount(count)).toBe('0 statements, reading 0 rows');
      const read = database.prepare('SELECT id FROM speakers LIMIT 3').all().length;
      expect(describeCount(count)).toBe(`1 statement, reading ${read} rows`);
    } finally {
      database.close();
    }
  });

  it('names one of a thing in the singular, any other number in the plural', () => {
    expect([0, 1, 2].map((count) => counted(count, 'row'))).toEqual(['0 rows', '1 row', '2 rows']);
  });
});
