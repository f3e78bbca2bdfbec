import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppointmentStatus,
  RECORD_STATUSES,
  Status,
  TRIAGE_ENDPOINTS,
  TRIAGE_MESSAGES,
  type AuditAction,
  type Triage,
  type TriageInput,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { appointments, triages } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, describeUniqueIndex, invalid, notFound } from '../../http/errors';
import { requireAttend } from '../agenda';

const M = TRIAGE_MESSAGES;

// Two registrations racing for one appointment: the second is told to update instead.
describeUniqueIndex('triajes_id_cita_key', 'id_cita', M.exists);

/** Spec §001-3: id, id_cita, edad, peso, temperatura, nota (and its status). */
const triageFields = {
  id: triages.id,
  id_cita: triages.id_cita,
  edad: triages.edad,
  peso: triages.peso,
  temperatura: triages.temperatura,
  nota: triages.nota,
  id_est: triages.id_est,
};

const measures = (input: TriageInput) => ({
  edad: input.edad,
  peso: input.peso,
  temperatura: input.temperatura,
  nota: input.notas,
});

/**
 * The appointment a triage is recorded for: it must exist and not be deleted, and a groomer
 * records it only on their own or an unassigned visit (decisions §roles).
 */
async function triageableAppointment(tx: Tx, request: FastifyRequest, id: number) {
  const [appointment] = await tx
    .select({ id_est: appointments.id_est, id_emp: appointments.id_emp })
    .from(appointments)
    .where(eq(appointments.id_cita, id))
    .for('share');
  if (!appointment) throw invalid('id_cita', M.appointmentNotFound);
  if (appointment.id_est === AppointmentStatus.Eliminada) {
    throw invalid('id_cita', M.appointmentDeleted);
  }
  await requireAttend(tx, request, appointment.id_emp);
}

async function findTriage(executor: Db | Tx, id: number): Promise<Triage> {
  const [row] = await executor.select(triageFields).from(triages).where(eq(triages.id, id));
  if (!row) throw notFound(M.notFound);
  return row;
}

const ALLOWED = RECORD_STATUSES.map((s) => s.id_est);

/** An audit entry of a triage, before its rows are known. */
const entry = (accion: AuditAction, id: number) => ({
  accion,
  entidad: 'triaje' as const,
  id,
  before: null,
  after: null,
});

/**
 * The triage of an appointment (spec §001-2 'Registro de Triaje'): at most one per appointment;
 * a triage marked Eliminado (3) counts as none, and registering again reuses its row.
 */
export const triageModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const E = TRIAGE_ENDPOINTS;

  route(app, E.one, async (request) => {
    const [appointment] = await db
      .select({ id: appointments.id_cita })
      .from(appointments)
      .where(eq(appointments.id_cita, request.params.id));
    if (!appointment) throw notFound(M.appointmentNotFound);
    const [row] = await db
      .select(triageFields)
      .from(triages)
      .where(and(eq(triages.id_cita, request.params.id), ne(triages.id_est, Status.Eliminado)));
    // No triage yet is the usual first opening, not an error: null (issue 30 §12).
    return ok<Triage | null>(row ?? null);
  });

  route(app, E.register, async (request, reply) => {
    const input = request.body;
    const row = await db.transaction(async (tx) => {
      await triageableAppointment(tx, request, input.id_cita);
      const [existing] = await tx
        .select({ id: triages.id, id_est: triages.id_est })
        .from(triages)
        .where(eq(triages.id_cita, input.id_cita));
      if (existing && existing.id_est !== Status.Eliminado) {
        throw conflict(M.exists, { id_cita: [M.exists] });
      }
      if (existing) {
        await tx
          .update(triages)
          .set({ ...measures(input), id_est: Status.Activo, updated_at: new Date() })
          .where(eq(triages.id, existing.id));
        const reused = await findTriage(tx, existing.id);
        await recordChange(tx, request, { ...entry('crear', existing.id), after: reused });
        return reused;
      }
      const [inserted] = await tx
        .insert(triages)
        .values({ id_cita: input.id_cita, ...measures(input) })
        .returning({ id: triages.id });
      const created = await findTriage(tx, inserted.id);
      await recordChange(tx, request, { ...entry('crear', inserted.id), after: created });
      return created;
    });
    return reply.status(201).send(ok(row, M.registered));
  });

  route(app, E.update, async (request) => {
    const input = request.body;
    const row = await db.transaction(async (tx) => {
      const stored = await findTriage(tx, input.id_triaje);
      if (stored.id_est === Status.Eliminado) throw notFound(M.notFound);
      if (stored.id_cita !== input.id_cita) throw invalid('id_cita', M.otherAppointment);
      await triageableAppointment(tx, request, input.id_cita);
      await tx
        .update(triages)
        .set({ ...measures(input), updated_at: new Date() })
        .where(eq(triages.id, input.id_triaje));
      const after = await findTriage(tx, input.id_triaje);
      await recordChange(tx, request, {
        ...entry('editar', input.id_triaje),
        before: stored,
        after,
      });
      return after;
    });
    return ok(row, M.updated);
  });

  route(app, E.status, async (request) => {
    const { id, est } = request.body;
    if (!ALLOWED.includes(est)) throw invalid('est', M.statusInvalid);
    const row = await db.transaction(async (tx) => {
      const before = await findTriage(tx, id);
      const [appointment] = await tx
        .select({ id_emp: appointments.id_emp })
        .from(appointments)
        .where(eq(appointments.id_cita, before.id_cita));
      await requireAttend(tx, request, appointment?.id_emp ?? null);
      await tx
        .update(triages)
        .set({ id_est: est, updated_at: new Date() })
        .where(eq(triages.id, id));
      const after = await findTriage(tx, id);
      await recordChange(tx, request, { ...entry('estado', id), before, after });
      return after;
    });
    return ok(row, M.status);
  });
};
