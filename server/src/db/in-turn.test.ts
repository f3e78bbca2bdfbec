import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app';
import { inTurn } from './client';

const ctx = await setupTestApp();

/** A read that notes when it starts and ends. */
const traced = (log: string[], name: string, run: () => PromiseLike<unknown>) => async () => {
  log.push(`${name} starts`);
  const result = await run();
  log.push(`${name} ends`);
  return result;
};

describe('inTurn', () => {
  it('runs a transaction’s reads one after the other, each with its own result', async () => {
    const log: string[] = [];
    const [one, two] = await ctx.database.db.transaction((tx) =>
      inTurn(tx, [
        traced(log, 'a', () => tx.execute(sql`select 1 as n`)),
        traced(log, 'b', () => tx.execute(sql`select 2 as n`)),
      ]),
    );
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
    expect(JSON.stringify(one)).toContain('1');
    expect(JSON.stringify(two)).toContain('2');
  });

  it('starts the pool’s reads together', async () => {
    const log: string[] = [];
    const db = ctx.database.db;
    await inTurn(db, [
      traced(log, 'a', () => db.execute(sql`select 1`)),
      traced(log, 'b', () => db.execute(sql`select 2`)),
    ]);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });
});
