import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_OPENING_HOURS,
  DEFAULT_REMINDER_TEMPLATE,
  LOGO_PATH,
  SETTINGS_MESSAGES,
  SETTINGS_ENDPOINTS,
  SettingsInputSchema,
  type BrandInfo,
  type OpeningHours,
  type Settings,
} from '@app/domain';
import { recordChange } from '../../audit/record';
import type { Db, Tx } from '../../db/client';
import { settings } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import {
  imageExtension,
  readMultipart,
  removeUpload,
  sendUpload,
  storeUpload,
  uploadVersion,
} from '../../http/uploads';

type SettingsRow = typeof settings.$inferSelect;

/** The logo's address: the spec's fixed path, plus a version so a new upload is not cached. */
const logoUrl = (file: string | null) =>
  file ? `${LOGO_PATH}?v=${encodeURIComponent(uploadVersion(file))}` : null;

const toSettings = (row: SettingsRow): Settings => ({
  id: row.id,
  nomEmp: row.nomEmp,
  sloganEmp: row.sloganEmp,
  logoEmp: logoUrl(row.logoEmp),
  dirEmp: row.dirEmp,
  fonoEmp: row.fonoEmp,
  emailEmp: row.emailEmp,
  rucEmp: row.rucEmp,
  horario: row.horario,
  plantilla_recordatorio: row.plantilla_recordatorio ?? DEFAULT_REMINDER_TEMPLATE,
  hora_recordatorio: row.hora_recordatorio,
  descuento_max: row.descuento_max,
  updated_at: row.updated_at.toISOString(),
});

/** The one settings record (the table is meant to hold a single row). */
async function currentSettings(executor: Db | Tx) {
  const [row] = await executor.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return row;
}

/** The company's opening hours, or a salon's usual week before the settings are saved. */
export async function openingHours(executor: Db | Tx): Promise<OpeningHours> {
  const [row] = await executor
    .select({ horario: settings.horario })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return row?.horario ?? DEFAULT_OPENING_HOURS;
}

export interface SettingsOptions {
  db: Db;
}

/**
 * Spec §001-2 'Ajustes': `GET /ajustes`, `POST /ajustes` (multipart: `json` plus an optional
 * `logo` file; `_method=put` marks an update, but whether a record exists decides), the logo at the
 * spec's fixed address and the brand the login page shows before anyone signs in.
 */
export const settingsModule: FastifyPluginCallbackZod<SettingsOptions> = (app, { db }, done) => {
  // The company's settings are the admin's; the brand and logo the login page shows are public.
  route(app, SETTINGS_ENDPOINTS.current, async () => {
    const row = await currentSettings(db);
    return row ? ok(toSettings(row)) : ok(null, SETTINGS_MESSAGES.empty);
  });

  const save = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { fields, files } = await readMultipart(request, {
      fileFields: ['logo'],
      tooLarge: SETTINGS_MESSAGES.logoTooLarge,
    });
    const input = SettingsInputSchema.parse(fields);
    const logo = files.get('logo');
    const ext = logo && (await imageExtension(logo, 'logo', SETTINGS_MESSAGES.logoNotImage));
    const result = await db.transaction(async (tx) => {
      // Two first saves at once must not leave two records.
      await tx.execute(sql`LOCK TABLE ${settings} IN SHARE ROW EXCLUSIVE MODE`);
      const current = await currentSettings(tx);
      const previousLogo = current?.logoEmp ?? null;
      const stored = logo && ext ? await storeUpload(tx, 'logo', ext, logo) : undefined;
      const values = {
        nomEmp: input.nom,
        sloganEmp: input.slogan,
        dirEmp: input.dir,
        fonoEmp: input.fono,
        emailEmp: input.email,
        rucEmp: input.ruc,
        horario: input.horario,
        // Absent from the call (the spec's client): left as they are.
        plantilla_recordatorio: input.plantilla_recordatorio,
        hora_recordatorio: input.hora_recordatorio,
        descuento_max: input.descuento_max,
        logoEmp: stored ?? (input.removeLogo ? null : previousLogo),
        updated_at: new Date(),
      };
      const [row] = current
        ? await tx.update(settings).set(values).where(eq(settings.id, current.id)).returning()
        : await tx.insert(settings).values(values).returning();
      await recordChange(tx, request, {
        accion: current ? 'editar' : 'crear',
        entidad: 'ajustes',
        id: row.id,
        before: current ?? null,
        after: row,
      });
      if (previousLogo !== row.logoEmp) await removeUpload(tx, previousLogo);
      return { row, inserted: !current };
    });
    const message = result.inserted ? SETTINGS_MESSAGES.inserted : SETTINGS_MESSAGES.updated;
    return reply.status(result.inserted ? 201 : 200).send(ok(toSettings(result.row), message));
  };
  // The spec's client posts with `_method=put`; a real PUT is the same call.
  route(app, SETTINGS_ENDPOINTS.save, save);
  route(app, SETTINGS_ENDPOINTS.update, save);

  route(app, SETTINGS_ENDPOINTS.logo, async (request, reply) => {
    const row = await currentSettings(db);
    const missing = () => notFound(SETTINGS_MESSAGES.logoNotFound);
    if (!row?.logoEmp) throw missing();
    return sendUpload(request, reply, db, row.logoEmp, missing);
  });

  route(app, SETTINGS_ENDPOINTS.brand, async () => {
    const row = await currentSettings(db);
    return ok<BrandInfo>({
      nomEmp: row?.nomEmp ?? null,
      sloganEmp: row?.sloganEmp ?? null,
      hasLogo: Boolean(row?.logoEmp),
      logoUrl: logoUrl(row?.logoEmp ?? null),
    });
  });
  done();
};
