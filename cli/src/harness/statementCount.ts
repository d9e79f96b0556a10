import type Database from 'better-sqlite3';

/** What an application asked of a catalogue since it was counted, or since the last reset. */
export interface StatementCount {
  /** Statements run: each `get`, `all`, `iterate` or `run` of a prepared statement. */
  statements: number;
  /** Rows the statements read: the rows `all` and `iterate` gave, one for a `get` that found one. */
  rows: number;
  /** Counts from zero again. */
  reset(): void;
}

type Statement = Database.Statement<unknown[], unknown>;

/**
 * Counts the statements run on `database`, and the rows they read, for the checks of a cost a
 * README teaches (one query for a page's links, not one per item; a page read, not the table).
 * Call it before the application prepares its statements: repositories prepare theirs once, on
 * first use, and only statements prepared after this call are counted.
 */
export function countStatements(database: Database.Database): StatementCount {
  const count: StatementCount = {
    statements: 0,
    rows: 0,
    reset() {
      count.statements = 0;
      count.rows = 0;
    },
  };
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    const statement = prepare(source) as Statement;
    countRuns(statement, count);
    return statement;
  }) as Database.Database['prepare'];
  return count;
}

/**
 * A count as a check's report says it: `1 statement, reading 1 row`, `3 statements, reading
 * 78 rows`.
 */
export function describeCount(count: Pick<StatementCount, 'statements' | 'rows'>): string {
  return `${counted(count.statements, 'statement')}, reading ${counted(count.rows, 'row')}`;
}

/** A number with its noun, in the singular for one: `1 row`, `0 rows`, `2 rows`. */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}

/**
 * Wraps the statement's own run methods. They are replaced on the statement itself, not put
 * behind a Proxy: better-sqlite3's native methods refuse any `this` but the statement, and
 * `pluck()` or `raw()` return the statement, which keeps the wrappers.
 */
function countRuns(statement: Statement, count: StatementCount): void {
  const { all, get, iterate, run } = statement;
  statement.all = (...parameters) => {
    count.statements++;
    const rows = all.apply(statement, parameters);
    count.rows += rows.length;
    return rows;
  };
  statement.get = (...parameters) => {
    count.statements++;
    const row = get.apply(statement, parameters);
    if (row !== undefined) count.rows++;
    return row;
  };
  statement.iterate = function* (...parameters) {
    count.statements++;
    for (const row of iterate.apply(statement, parameters)) {
      count.rows++;
      yield row;
    }
  };
  statement.run = (...parameters) => {
    count.statements++;
    return run.apply(statement, parameters);
  };
}
