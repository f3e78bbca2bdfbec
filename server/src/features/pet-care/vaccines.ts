import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  limaToday,
  VACCINE_ENDPOINTS,
  VACCINE_MESSAGES,
  VACCINE_PATHS,
  VaccineInputSchema,
  vaccineState,
  VaccineUpdateSchema,
  type DueVaccine,
  type Vaccine,
  type VaccineInput,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { clients, pets, vaccines } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { invalid, notFound } from '../../http/errors';
import {
  imageExtension,
  readMultipart,
  removeUpload,
  sendUpload,
  storeUpload,
} from '../../http/uploads';

/**
 * A pet's vaccines (decisions §vaccines), with an optional picture of the card as proof. The proof
 * is served at an unguessable address, as profile pictures are: an <img> carries no credential.
 */

const M = VACCINE_MESSAGES;
type Row = typeof vaccines.$inferSelect;

const proofUrl = (file: string | null) => file && `/api${VACCINE_PATHS.proof}/${file}`;

function toVaccine(row: Row, today = limaToday()): Vaccine {
  return {
    id_vac: row.id_vac,
    id_perro: row.id_perro,
    nombre: row.nombre,
    fecha_aplicacion: row.fecha_aplicacion,
    fecha_vence: row.fecha_vence,
    estado: vaccineState(row.fecha_vence, today),
    comprobante_url: proofUrl(row.comprobante),
    created_at: row.created_at.toISOString(),
  };
}

async function lockedVaccine(tx: Tx, id: number) {
  const [row] = await tx.select().from(vaccines).where(eq(vaccines.id_vac, id)).for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

async function assertPet(tx: Tx, id: number) {
  const [pet] = await tx
    .select({ id: pets.id_perro })
    .from(pets)
    .where(eq(pets.id_perro, id))
    .for('share');
  if (!pet) throw invalid('id_perro', M.petNotFound);
}

/** The body's fields and its proof picture, checked by its content. */
async function readVaccine<S extends z.ZodType>(request: FastifyRequest, schema: S) {
  const { fields, files } = await readMultipart(request, {
    fileFields: ['comprobante'],
    tooLarge: M.proofTooLarge,
  });
  const input = schema.parse(fields);
  const bytes = files.get('comprobante');
  const ext = bytes && (await imageExtension(bytes, 'comprobante', M.proofNotImage));
  /** Stores the proof in the write's transaction: its name, or undefined without one. */
  const store = (tx: Tx) =>
    bytes && ext ? storeUpload(tx, 'vacuna', ext, bytes) : Promise.resolve(undefined);
  return { input, store };
}

const valuesOf = (input: VaccineInput) => ({
  id_perro: input.id_perro,
  nombre: input.nombre,
  fecha_aplicacion: input.fecha_aplicacion,
  fecha_vence: input.fecha_vence,
});

export const vaccinesModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const E = VACCINE_ENDPOINTS;

  route(app, E.ofPet, async (request) => {
    const rows = await db
      .select()
      .from(vaccines)
      .where(eq(vaccines.id_perro, request.params.id))
      .orderBy(desc(vaccines.fecha_aplicacion), desc(vaccines.id_vac));
    const today = limaToday();
    return ok(rows.map((row) => toVaccine(row, today)));
  });

  route(app, E.register, async (request, reply) => {
    const { input, store } = await readVaccine(request, VaccineInputSchema);
    const row = await db.transaction(async (tx) => {
      await assertPet(tx, input.id_perro);
      const stored = await store(tx);
      const [row] = await tx
        .insert(vaccines)
        .values({ ...valuesOf(input), comprobante: stored ?? null })
        .returning();
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'vacuna',
        id: row.id_vac,
        before: null,
        after: row,
      });
      return row;
    });
    return reply.status(201).send(ok(toVaccine(row), M.registered));
  });

  route(app, E.update, async (request) => {
    const { input, store } = await readVaccine(request, VaccineUpdateSchema);
    const row = await db.transaction(async (tx) => {
      const before = await lockedVaccine(tx, input.id);
      if (before.id_perro !== input.id_perro) await assertPet(tx, input.id_perro);
      const stored = await store(tx);
      const comprobante = stored ?? (input.removeComprobante ? null : before.comprobante);
      const [row] = await tx
        .update(vaccines)
        .set({ ...valuesOf(input), comprobante, updated_at: new Date() })
        .where(eq(vaccines.id_vac, input.id))
        .returning();
      await recordChange(tx, request, {
        accion: 'editar',
        entidad: 'vacuna',
        id: row.id_vac,
        before,
        after: row,
      });
      if (before.comprobante !== comprobante) await removeUpload(tx, before.comprobante);
      return row;
    });
    return ok(toVaccine(row), M.updated);
  });

  route(app, E.remove, async (request) => {
    await db.transaction(async (tx) => {
      const before = await lockedVaccine(tx, request.params.id);
      await tx.delete(vaccines).where(eq(vaccines.id_vac, before.id_vac));
      await removeUpload(tx, before.comprobante);
      await recordChange(tx, request, {
        accion: 'eliminar',
        entidad: 'vacuna',
        id: before.id_vac,
        before,
        after: null,
      });
    });
    return ok(null, M.removed);
  });

  route(app, E.proof, async (request, reply) => {
    const missing = () => notFound(M.notFound);
    const [row] = await db
      .select({ file: vaccines.comprobante })
      .from(vaccines)
      .where(eq(vaccines.comprobante, request.params.file));
    if (!row?.file) throw missing();
    return sendUpload(request, reply, db, row.file, missing);
  });

  // The dashboard's 'Vacunas por vencer': each pet's vaccines whose latest dose expires by the
  // end of this Lima month (or already has), soonest first.
  route(app, E.due, async () => {
    const today = limaToday();
    const monthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    // The latest dose of each vaccine of each pet: an older expired dose was renewed.
    const latest = db
      .select({
        id_perro: vaccines.id_perro,
        nombre: sql<string>`min(${vaccines.nombre})`.as('nombre'),
        fecha_vence: sql<string>`max(${vaccines.fecha_vence})`.as('fecha_vence'),
      })
      .from(vaccines)
      .groupBy(vaccines.id_perro, sql`lower(${vaccines.nombre})`)
      .as('latest');
    const rows = await db
      .select({
        id_perro: pets.id_perro,
        nom_perro: pets.nom_perro,
        nom_cli: clients.nom_cli,
        ape_cli: clients.ape_cli,
        tel1_cli: clients.tel1_cli,
        nombre: latest.nombre,
        fecha_vence: latest.fecha_vence,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(latest)
      .innerJoin(pets, eq(pets.id_perro, latest.id_perro))
      .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
      .where(and(lte(latest.fecha_vence, monthEnd), eq(pets.id_est, 1)))
      .orderBy(asc(latest.fecha_vence), asc(pets.nom_perro))
      .limit(10);
    const vacunas: DueVaccine[] = rows.map((r) => ({
      id_perro: r.id_perro,
      nom_perro: r.nom_perro,
      cliente: `${r.nom_cli} ${r.ape_cli}`,
      tel1_cli: r.tel1_cli,
      nombre: r.nombre,
      fecha_vence: r.fecha_vence,
      estado: vaccineState(r.fecha_vence, today) ?? 'por_vencer',
    }));
    return ok({ total: rows[0]?.total ?? 0, vacunas });
  });
};
