import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PHOTO_ENDPOINTS,
  PHOTO_MESSAGES,
  PHOTO_PATHS,
  PhotoInputSchema,
  PHOTOS_PER_APPOINTMENT,
  type Photo,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { appointmentPhotos, appointments } from '../../db/schema';
import { sessionOf } from '../../http/authenticate';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, invalid, notFound } from '../../http/errors';
import {
  imageExtension,
  readMultipart,
  removeUpload,
  sendUpload,
  storeUpload,
} from '../../http/uploads';
import { requireAttend } from '../agenda';

/**
 * Before and after photos of a visit (decisions §photos). Added by whoever attends it (a groomer on
 * their own or unassigned citas), four at most, counted under the cita's row lock so that two
 * uploads at once cannot make five. Served at unguessable addresses: a client opens them from
 * a WhatsApp message, without signing in.
 */

const M = PHOTO_MESSAGES;
type Row = typeof appointmentPhotos.$inferSelect;

const toPhoto = (row: Row): Photo => ({
  id_foto: row.id_foto,
  id_cita: row.id_cita,
  momento: row.momento as Photo['momento'],
  url: `/api${PHOTO_PATHS.file}/${row.archivo}`,
  created_at: row.created_at.toISOString(),
});

/** The cita's row, locked until the transaction ends; its groomer decides who may attend it. */
async function lockedAppointment(tx: Tx, id: number, field: string) {
  const [row] = await tx
    .select({ id_emp: appointments.id_emp })
    .from(appointments)
    .where(eq(appointments.id_cita, id))
    .for('update');
  if (!row) throw field ? invalid(field, M.appointmentNotFound) : notFound(M.appointmentNotFound);
  return row;
}

export const photosModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const E = PHOTO_ENDPOINTS;

  route(app, E.ofAppointment, async (request) => {
    const rows = await db
      .select()
      .from(appointmentPhotos)
      .where(eq(appointmentPhotos.id_cita, request.params.id))
      .orderBy(asc(appointmentPhotos.created_at), asc(appointmentPhotos.id_foto));
    return ok(rows.map(toPhoto));
  });

  route(app, E.add, async (request, reply) => {
    const { fields, files } = await readMultipart(request, {
      fileFields: ['foto'],
      tooLarge: M.photoTooLarge,
    });
    const input = PhotoInputSchema.parse(fields);
    const bytes = files.get('foto');
    if (!bytes) throw invalid('foto', M.photoRequired);
    const ext = await imageExtension(bytes, 'foto', M.photoNotImage);
    const row = await db.transaction(async (tx) => {
      const cita = await lockedAppointment(tx, input.id_cita, 'id_cita');
      await requireAttend(tx, request, cita.id_emp);
      const [taken] = await tx
        .select({ n: count() })
        .from(appointmentPhotos)
        .where(eq(appointmentPhotos.id_cita, input.id_cita));
      if ((taken?.n ?? 0) >= PHOTOS_PER_APPOINTMENT) throw conflict(M.full);
      const stored = await storeUpload(tx, 'foto', ext, bytes);
      const [inserted] = await tx
        .insert(appointmentPhotos)
        .values({
          id_cita: input.id_cita,
          momento: input.momento,
          archivo: stored,
          id_usu: sessionOf(request).userId,
        })
        .returning();
      await recordChange(tx, request, {
        accion: 'crear',
        entidad: 'foto',
        id: inserted.id_foto,
        before: null,
        after: inserted,
      });
      return inserted;
    });
    return reply.status(201).send(ok(toPhoto(row), M.added));
  });

  route(app, E.remove, async (request) => {
    await db.transaction(async (tx) => {
      const [photo] = await tx
        .select()
        .from(appointmentPhotos)
        .where(eq(appointmentPhotos.id_foto, request.params.id));
      if (!photo) throw notFound(M.notFound);
      const cita = await lockedAppointment(tx, photo.id_cita, '');
      await requireAttend(tx, request, cita.id_emp);
      await tx.delete(appointmentPhotos).where(eq(appointmentPhotos.id_foto, photo.id_foto));
      await removeUpload(tx, photo.archivo);
      await recordChange(tx, request, {
        accion: 'eliminar',
        entidad: 'foto',
        id: photo.id_foto,
        before: photo,
        after: null,
      });
    });
    return ok(null, M.removed);
  });

  route(app, E.file, async (request, reply) => {
    const missing = () => notFound(M.notFound);
    const [row] = await db
      .select({ file: appointmentPhotos.archivo })
      .from(appointmentPhotos)
      .where(eq(appointmentPhotos.archivo, request.params.file));
    if (!row) throw missing();
    return sendUpload(request, reply, db, row.file, missing);
  });
};
