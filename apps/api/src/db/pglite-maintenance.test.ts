import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maintainPglite, tablesToMaintain } from './pglite-maintenance.ts';

describe('tablesToMaintain: PostgreSQL autovacuum’s default thresholds', () => {
  it('vacuums past 50 + 20 % of the live rows dead, analyses past 50 + 10 % changed, leaves the rest', () => {
    expect(
      tablesToMaintain([
        { table: 'mail_outbox', liveRows: 0, deadRows: 51, modifiedSinceAnalyze: 0 },
        { table: 'orders', liveRows: 1000, deadRows: 250, modifiedSinceAnalyze: 150 },
        { table: 'order_lines', liveRows: 1000, deadRows: 251, modifiedSinceAnalyze: 151 },
        { table: 'order_events', liveRows: 1000, deadRows: 0, modifiedSinceAnalyze: 151 },
        { table: 'items', liveRows: 40, deadRows: 50, modifiedSinceAnalyze: 54 },
      ]),
    ).toEqual([
      { table: 'mail_outbox', vacuum: true, analyze: false },
      { table: 'order_lines', vacuum: true, analyze: true },
      { table: 'order_events', vacuum: false, analyze: true },
    ]);
  });
});

describe('maintainPglite on a real PGlite', () => {
  // One database (initdb costs seconds of CPU), emptied before each test.
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
  });
  beforeEach(async () => {
    await client.exec('drop schema public cascade; create schema public');
  });
  afterAll(async () => {
    await client.close();
  });

  const deadRows = async (db: PGlite, table: string) => {
    await db.query('select pg_stat_force_next_flush()');
    const { rows } = await db.query<{ dead: number }>('select n_dead_tup::int as dead from pg_stat_user_tables where relname = $1', [table]);
    return rows[0]!.dead;
  };

  it('vacuums the table whose rows were deleted, not the one left alone, then has nothing left to do', async () => {
    await client.exec(`
      create table churned (id int primary key, body text);
      create table settled (id int primary key, body text);
      insert into churned select g, repeat('x', 200) from generate_series(1, 2000) g;
      insert into settled select g, repeat('y', 200) from generate_series(1, 2000) g;`);
    // PGlite flushes its statistics only when asked: the inserts are counted before the ANALYZE.
    await client.query('select pg_stat_force_next_flush()');
    await client.exec('analyze churned');
    await client.exec('analyze settled');
    await client.exec('delete from churned where id > 100');
    expect(await deadRows(client, 'churned')).toBe(1900);

    expect(await maintainPglite(client)).toEqual([{ table: 'churned', vacuum: true, analyze: true }]);
    expect(await deadRows(client, 'churned')).toBe(0);
    expect(await maintainPglite(client)).toEqual([]);
  });

  it('quotes table names', async () => {
    await client.exec(`create table "odd ""name""" (id int); insert into "odd ""name""" select generate_series(1, 100); delete from "odd ""name""";`);
    expect(await maintainPglite(client)).toEqual([{ table: 'odd "name"', vacuum: true, analyze: true }]);
  });
});
