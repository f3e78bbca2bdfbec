import { Status } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { hash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client';
import { sessions, users } from '../db/schema';
import { setupTestApp } from '../test/app';
import { BEARER, closeSession, prepareSessionCheck } from './sessions';

const ctx = await setupTestApp();
const { app } = ctx;
const { db } = ctx.database;

/**
 * What another server process does to the same database: its own connection on PostgreSQL.
 * PGlite has one process by design, so there it is the same handle.
 */
const other = ctx.database.url ? openPostgres(ctx.database.url, 1) : undefined;
const otherDb = other?.db ?? db;
afterAll(() => other?.close());

/** The stored form of a credential: its SHA-256, never the token itself. */
const hashOf = (credential: string) => hash('sha256', credential.slice(BEARER.length), 'hex');

const call = (credential: string) =>
  app.inject({ method: 'GET', url: '/api/tipodoc', headers: { authorization: credential } });

/** Seconds since the session was last seen, by the database's clock. */
async function idleSeconds(credential: string) {
  const [row] = await db
    .select({ seconds: sql<number>`extract(epoch from now() - ${sessions.last_seen_at})::int` })
    .from(sessions)
    .where(eq(sessions.token_hash, hashOf(credential)));
  return row?.seconds;
}

/** Moves the session's clocks back, as if time had passed. */
async function age(credential: string, values: { lastSeen?: string; expires?: string }) {
  await db
    .update(sessions)
    .set({
      ...(values.lastSeen && { last_seen_at: sql`now() - ${values.lastSeen}::interval` }),
      ...(values.expires && { expires_at: sql`now() - ${values.expires}::interval` }),
    })
    .where(eq(sessions.token_hash, hashOf(credential)));
}

describe('the session check', () => {
  it('lets a fresh session through and keeps only its hash', async () => {
    const credential = await ctx.signIn();
    expect((await call(credential)).statusCode).toBe(200);
    const [row] = await db
      .select({
        lifetime: sql<number>`extract(epoch from ${sessions.expires_at} - ${sessions.created_at})::int`,
      })
      .from(sessions)
      .where(eq(sessions.token_hash, hashOf(credential)));
    // The absolute limit is set at sign-in: 12 hours, whatever the activity.
    expect(row?.lifetime).toBeGreaterThan(12 * 3600 - 5);
    expect(row?.lifetime).toBeLessThan(12 * 3600 + 5);
  });

  it('refuses a logged-out session on the very next call', async () => {
    const credential = await ctx.signIn();
    expect((await call(credential)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: credential },
    });
    expect(out.statusCode).toBe(200);
    const next = await call(credential);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ status: 'error' });
  });

  it('refuses a session closed by another server process on the very next call', async () => {
    const credential = await ctx.signIn();
    expect((await call(credential)).statusCode).toBe(200);
    await closeSession(otherDb, hashOf(credential));
    expect((await call(credential)).statusCode).toBe(401);
  });

  it("refuses a suspended user's session on the very next call, even if it was not closed", async () => {
    const credential = await ctx.signIn('recepcion');
    expect((await call(credential)).statusCode).toBe(200);
    // Another process suspends the user; the session row itself is left in place.
    await otherDb
      .update(users)
      .set({ id_est: Status.Suspendido })
      .where(eq(users.login, 'recepcion'));
    expect((await call(credential)).statusCode).toBe(401);
    // A refused call does not keep the session alive.
    await age(credential, { lastSeen: '5 minutes' });
    expect((await call(credential)).statusCode).toBe(401);
    expect(await idleSeconds(credential)).toBeGreaterThanOrEqual(300);
    await otherDb.update(users).set({ id_est: Status.Activo }).where(eq(users.login, 'recepcion'));
    expect((await call(credential)).statusCode).toBe(200);
  });

  it('refuses a session idle longer than SESSION_IDLE_MINUTES, and keeps one idle less', async () => {
    const idle = await ctx.signIn();
    await age(idle, { lastSeen: '31 minutes' });
    expect((await call(idle)).statusCode).toBe(401);

    const active = await ctx.signIn();
    await age(active, { lastSeen: '29 minutes' });
    expect((await call(active)).statusCode).toBe(200);
  });

  it('refuses a session past its absolute expiry, however recently used', async () => {
    const credential = await ctx.signIn();
    expect((await call(credential)).statusCode).toBe(200);
    await age(credential, { expires: '1 second' });
    expect(await idleSeconds(credential)).toBeLessThan(60);
    expect((await call(credential)).statusCode).toBe(401);
  });

  it('touches last_seen_at when it is more than a minute old', async () => {
    const credential = await ctx.signIn();
    await age(credential, { lastSeen: '5 minutes' });
    expect(await idleSeconds(credential)).toBeGreaterThanOrEqual(300);
    expect((await call(credential)).statusCode).toBe(200);
    expect(await idleSeconds(credential)).toBeLessThan(5);
  });

  it('leaves last_seen_at alone within the minute, so a read stays a read', async () => {
    const credential = await ctx.signIn();
    await age(credential, { lastSeen: '30 seconds' });
    expect((await call(credential)).statusCode).toBe(200);
    expect(await idleSeconds(credential)).toBeGreaterThanOrEqual(30);
  });

  it('touches only the session in use', async () => {
    const used = await ctx.signIn();
    const idle = await ctx.signIn();
    await age(used, { lastSeen: '5 minutes' });
    await age(idle, { lastSeen: '5 minutes' });
    expect((await call(used)).statusCode).toBe(200);
    expect(await idleSeconds(used)).toBeLessThan(5);
    expect(await idleSeconds(idle)).toBeGreaterThanOrEqual(300);
  });

  it('answers nothing for a missing, malformed or unknown credential', async () => {
    const check = prepareSessionCheck(db, { idleMinutes: 30, maxHours: 12 });
    const credential = await ctx.signIn();
    for (const header of [undefined, '', 'Bearer ', 'Basic abc', `Bearer ${'x'.repeat(101)}`]) {
      expect(await check(header)).toBeUndefined();
    }
    expect(await check('Bearer not-a-token')).toBeUndefined();
    expect(await check(credential)).toEqual({
      userId: 1,
      role: 'admin',
      tokenHash: hashOf(credential),
      mustChangePassword: false,
    });
  });
});
