import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  limaToday,
  VACCINE_PATHS,
  VACCINE_PROPOSAL_ENDPOINTS as E,
  VACCINE_PROPOSAL_MESSAGES as M,
  VACCINE_PROPOSAL_PATHS,
  vaccineState,
  type VaccineProposalRow,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { clients, pets, vaccineProposals, vaccines } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import { sendUpload } from '../../http/uploads';

/**
 * CLIENTES › 'Carnés por revisar' (DESIGN §11.5): the vaccine cards clients sent from
 * /mi-cuenta. Accepting one registers the vaccine on the pet, the card's picture its proof (the
 * same stored file); rejecting keeps the reason for the client. Each answer is one transaction
 * with its audit entry; a card already answered is a 409.
 */

/** A card awaiting staff; a literal, as the partial index `vacunas_propuestas_pendientes_idx` says it. */
const pending = sql`${vaccineProposals.estado} = 'pendiente'`;

/** How many cards wait for staff: the bell's notice. */
export async function pendingProposalsCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(vaccineProposals).where(pending);
  return row?.total ?? 0;
}

const fileUrl = (file: string) => `/api${VACCINE_PROPOSAL_PATHS.file}/${file}`;

async function pendingRows(db: Db): Promise<VaccineProposalRow[]> {
  const rows = await db
    .select({
      id: vaccineProposals.id,
      id_perro: vaccineProposals.id_perro,
      nom_perro: pets.nom_perro,
      id_cli: clients.id_cli,
      cliente: sql<string>`${clients.nom_cli} || ' ' || ${clients.ape_cli}`,
      tel1_cli: clients.tel1_cli,
      nombre: vaccineProposals.nombre,
      fecha_aplicacion: vaccineProposals.fecha_aplicacion,
      fecha_vence: vaccineProposals.fecha_vence,
      comprobante: vaccineProposals.comprobante,
      created_at: vaccineProposals.created_at,
    })
    .from(vaccineProposals)
    .innerJoin(pets, eq(pets.id_perro, vaccineProposals.id_perro))
    .innerJoin(clients, eq(clients.id_cli, pets.id_cli))
    .where(pending)
    .orderBy(asc(vaccineProposals.created_at), asc(vaccineProposals.id));
  return rows.map(({ created_at, ...row }) => ({
    ...row,
    comprobante_url: fileUrl(row.comprobante),
    created_at: created_at.toISOString(),
  }));
}

/** The card locked for its answer: 404 if there is none, 409 if it was answered meanwhile. */
async function lockedPending(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(vaccineProposals)
    .where(eq(vaccineProposals.id, id))
    .for('update');
  if (!row) throw notFound(M.notFound);
  if (row.estado !== 'pendiente') throw conflict(M.notPending);
  return row;
}

export const vaccineProposalsModule: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  route(app, E.list, async () => ok(await pendingRows(db)));

  route(app, E.accept, async (request) => {
    const vaccine = await db.transaction(async (tx) => {
      const proposal = await lockedPending(tx, request.params.id);
      const actor = actorOf(request);
      const [vaccine] = await tx
        .insert(vaccines)
        .values({
          id_perro: proposal.id_perro,
          nombre: proposal.nombre,
          fecha_aplicacion: proposal.fecha_aplicacion,
          fecha_vence: proposal.fecha_vence,
          comprobante: proposal.comprobante,
        })
        .returning();
      await tx
        .update(vaccineProposals)
        .set({
          estado: 'aceptada',
          id_vac: vaccine.id_vac,
          id_usu: actor.id_usu,
          updated_at: new Date(),
        })
        .where(eq(vaccineProposals.id, proposal.id));
      await recordAudit(tx, {
        ...actor,
        accion: 'crear',
        entidad: 'vacuna',
        entidad_id: vaccine.id_vac,
        cambios: changesBetween(null, vaccine, { ignore: ['created_at', 'updated_at'] }),
        detalle: `Desde el carné de vacunas N.º ${proposal.id} enviado por el cliente`,
      });
      await recordAudit(tx, {
        ...actor,
        accion: 'estado',
        entidad: 'carne_vacuna',
        entidad_id: proposal.id,
        cambios: changesBetween(
          { estado: 'pendiente', id_vac: null },
          { estado: 'aceptada', id_vac: vaccine.id_vac },
        ),
        detalle: 'Carné de vacunas aceptado',
      });
      return vaccine;
    });
    return ok(
      {
        id_vac: vaccine.id_vac,
        id_perro: vaccine.id_perro,
        nombre: vaccine.nombre,
        fecha_aplicacion: vaccine.fecha_aplicacion,
        fecha_vence: vaccine.fecha_vence,
        estado: vaccineState(vaccine.fecha_vence, limaToday()),
        comprobante_url: vaccine.comprobante && `/api${VACCINE_PATHS.proof}/${vaccine.comprobante}`,
        created_at: vaccine.created_at.toISOString(),
      },
      M.accepted,
    );
  });

  route(app, E.reject, async (request) => {
    const { motivo } = request.body;
    await db.transaction(async (tx) => {
      const proposal = await lockedPending(tx, request.params.id);
      const actor = actorOf(request);
      await tx
        .update(vaccineProposals)
        .set({ estado: 'rechazada', motivo, id_usu: actor.id_usu, updated_at: new Date() })
        .where(and(eq(vaccineProposals.id, proposal.id), pending));
      await recordAudit(tx, {
        ...actor,
        accion: 'estado',
        entidad: 'carne_vacuna',
        entidad_id: proposal.id,
        cambios: changesBetween(
          { estado: 'pendiente', motivo: null },
          { estado: 'rechazada', motivo },
        ),
        detalle: 'Carné de vacunas rechazado',
      });
    });
    return ok(null, M.rejected);
  });

  // The card's picture, by its unguessable name: an <img> carries no credential.
  route(app, E.file, async (request, reply) => {
    const missing = () => notFound(M.notFound);
    const [row] = await db
      .select({ file: vaccineProposals.comprobante })
      .from(vaccineProposals)
      .where(eq(vaccineProposals.comprobante, request.params.file))
      .limit(1);
    if (!row) throw missing();
    return sendUpload(request, reply, db, row.file, missing);
  });
  done();
};
