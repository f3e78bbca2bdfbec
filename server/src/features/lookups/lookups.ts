import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readFileSync } from 'node:fs';
import { DOCUMENT_TYPES, LOOKUP_ENDPOINTS, STATUSES, type Health } from '@app/domain';
import type { Database, Db } from '../../db/client';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { rowsOf } from '../../db/sql-rows';

export type Engine = Database['engine'];

export const DATABASE_DOWN = 'La base de datos no responde';
/** A health check must answer quickly, whatever the database does. */
export const HEALTH_TIMEOUT_MS = 2_000;

function readJson(relative: string): unknown {
  try {
    return JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
  } catch {
    return undefined;
  }
}

function versionOf(manifest: unknown): string | null {
  const version = (manifest as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : null;
}

const VERSION =
  versionOf(readJson('../../../../package.json')) ?? versionOf(readJson('../../../package.json'));

interface Journal {
  entries: { when: number; tag: string }[];
}
const journal = readJson('../../db/migrations/meta/_journal.json') as Journal | undefined;
/** drizzle records each applied migration by its journal entry's `when`. */
const MIGRATION_TAGS = new Map(journal?.entries.map((entry) => [String(entry.when), entry.tag]));

/** The engine behind a drizzle instance, for callers that do not say it. */
export function engineOf(db: Db): Engine {
  return (db as { $client?: unknown }).$client instanceof PGlite ? 'pglite' : 'postgres';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface LookupsOptions {
  db: Db;
  engine?: Engine;
  healthTimeoutMs?: number;
}

/** The catalogues are the domain's constants, seeded into the database for referential integrity. */
export const lookupsModule: FastifyPluginAsyncZod<LookupsOptions> = async (
  app,
  { db, engine = engineOf(db), healthTimeoutMs = HEALTH_TIMEOUT_MS },
) => {
  route(app, LOOKUP_ENDPOINTS.documentTypes, async () => ok(DOCUMENT_TYPES));
  route(app, LOOKUP_ENDPOINTS.statuses, async () => ok(STATUSES));

  /** 200 with the engine, migration level and version while the database answers; else 503. */
  route(app, LOOKUP_ENDPOINTS.health, async (request) => {
    let level: string | null;
    try {
      // One statement: it proves the database answers and says how far it is migrated.
      const result = await withTimeout(
        db.execute(sql`select max(created_at)::text as level from drizzle.__drizzle_migrations`),
        healthTimeoutMs,
      );
      level = rowsOf<{ level: string | null }>(result)[0]?.level ?? null;
    } catch (error) {
      request.log.warn({ err: error }, 'La comprobación de salud no alcanzó la base de datos');
      throw new HttpError(503, DATABASE_DOWN);
    }
    const health: Health = {
      ok: true,
      engine,
      migration: level === null ? null : (MIGRATION_TAGS.get(level) ?? level),
      version: VERSION,
    };
    return ok(health);
  });
};
