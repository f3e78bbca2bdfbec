import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  MESSAGES_ENDPOINTS as E,
  MESSAGES_TEXTS as M,
  WHATSAPP_PUBLIC_ENDPOINTS,
  type WhatsappSettings,
  type WhatsappSettingsField,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { SecretBox } from '../../auth/secrets';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { whatsappSettings } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { HttpError, INVALID_INPUT } from '../../http/errors';
import { GRAPH_API_URL, type WhatsappAccount } from './graph-api';

type WhatsappRow = typeof whatsappSettings.$inferSelect;

/** The one row's id (the table's check allows no other). */
const ROW_ID = 1;

const SECRET_COLUMNS = ['token', 'app_secret', 'verify_token'] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];

/** What each sealed column is bound to (auth/secrets.ts): a value copied elsewhere won't open. */
const SEALED: Record<SecretColumn, string> = {
  token: 'whatsapp:token',
  app_secret: 'whatsapp:app_secret',
  verify_token: 'whatsapp:verify_token',
};

/** What the audit entry names for each secret that changed; never its value. */
const SECRET_NAMES: Record<SecretColumn, string> = {
  token: 'token de acceso',
  app_secret: 'clave secreta de la aplicación',
  verify_token: 'token de verificación',
};

export async function whatsappRow(executor: Db | Tx): Promise<WhatsappRow | undefined> {
  const [row] = await executor
    .select()
    .from(whatsappSettings)
    .where(eq(whatsappSettings.id, ROW_ID));
  return row;
}

/** The webhook's address to paste in Meta's console. */
const webhookUrl = (appUrl: string) =>
  new URL(`/api${WHATSAPP_PUBLIC_ENDPOINTS.notify.path}`, appUrl).toString();

const toSettings = (row: WhatsappRow | undefined, appUrl: string): WhatsappSettings => ({
  activo: row?.activo ?? false,
  phone_number_id: row?.phone_number_id ?? null,
  plantilla_recordatorio: row?.plantilla_recordatorio ?? null,
  idioma: row?.idioma ?? 'es',
  tiene_token: Boolean(row?.token),
  tiene_app_secret: Boolean(row?.app_secret),
  tiene_verify_token: Boolean(row?.verify_token),
  webhook_url: webhookUrl(appUrl),
});

/** What the Cloud API needs, opened: null while WhatsApp is off or incomplete. */
export interface ActiveWhatsapp {
  account: WhatsappAccount;
  template: string;
  language: string;
}

/** How the server reaches the Graph API: the sealed settings' box and the API's base. */
export interface WhatsappAccess {
  secrets: SecretBox;
  /** WHATSAPP_API_URL, or Meta's own when unset. */
  apiUrl?: string;
}

/** The account to send with, or null when WhatsApp is not active (or lacks what it needs). */
export async function activeWhatsapp(
  executor: Db | Tx,
  { secrets, apiUrl }: WhatsappAccess,
): Promise<ActiveWhatsapp | null> {
  const row = await whatsappRow(executor);
  if (!row?.activo || !row.phone_number_id || !row.token || !row.plantilla_recordatorio) {
    return null;
  }
  return {
    account: {
      apiUrl: apiUrl ?? GRAPH_API_URL,
      phoneNumberId: row.phone_number_id,
      token: await secrets.open(row.token, SEALED.token),
    },
    template: row.plantilla_recordatorio,
    language: row.idioma,
  };
}

/** The webhook's stored secrets, opened: each null when not stored. */
export async function webhookSecrets(
  executor: Db | Tx,
  secrets: SecretBox,
): Promise<{ appSecret: string | null; verifyToken: string | null; phoneNumberId: string | null }> {
  const row = await whatsappRow(executor);
  const open = (sealed: string | null | undefined, column: SecretColumn) =>
    sealed ? secrets.open(sealed, SEALED[column]) : Promise.resolve(null);
  return {
    appSecret: await open(row?.app_secret, 'app_secret'),
    verifyToken: await open(row?.verify_token, 'verify_token'),
    phoneNumberId: row?.phone_number_id ?? null,
  };
}

/** The fields of a row the audit entry compares: none of them a secret. */
const auditedView = (row: WhatsappRow | undefined) =>
  row && {
    activo: row.activo,
    phone_number_id: row.phone_number_id,
    plantilla_recordatorio: row.plantilla_recordatorio,
    idioma: row.idioma,
  };

type FieldErrors = Partial<Record<WhatsappSettingsField, string>>;

const refused = (errors: FieldErrors): HttpError =>
  new HttpError(
    422,
    Object.values(errors)[0] ?? INVALID_INPUT,
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
  );

export interface WhatsappSettingsOptions {
  db: Db;
  secrets: SecretBox;
  config: Pick<Config, 'appUrl'>;
}

/**
 * Ajustes › 'WhatsApp' (DESIGN §11.5). `GET` answers all but the secrets, which only say
 * whether one is stored; `PUT` keeps a secret left out, and turning WhatsApp on needs every
 * value, sent now or stored before.
 */
export const whatsappSettingsModule: FastifyPluginCallbackZod<WhatsappSettingsOptions> = (
  app,
  { db, secrets, config },
  done,
) => {
  route(app, E.settings, async () => ok(toSettings(await whatsappRow(db), config.appUrl)));

  route(app, E.saveSettings, async (request) => {
    const input = request.body;
    const current = await whatsappRow(db);
    const values = {
      activo: input.activo,
      phone_number_id:
        input.phone_number_id === undefined
          ? (current?.phone_number_id ?? null)
          : input.phone_number_id,
      plantilla_recordatorio:
        input.plantilla_recordatorio === undefined
          ? (current?.plantilla_recordatorio ?? null)
          : input.plantilla_recordatorio,
      idioma: input.idioma,
    };
    if (values.activo) {
      const missing: FieldErrors = {};
      if (!values.phone_number_id) missing.phone_number_id = M.phoneNumberIdRequired;
      if (!input.token && !current?.token) missing.token = M.tokenRequired;
      if (!input.app_secret && !current?.app_secret) missing.app_secret = M.appSecretRequired;
      if (!input.verify_token && !current?.verify_token) {
        missing.verify_token = M.verifyTokenRequired;
      }
      if (!values.plantilla_recordatorio) missing.plantilla_recordatorio = M.templateRequired;
      if (Object.keys(missing).length > 0) throw refused(missing);
    }

    // Sealed before the transaction: the box reads its key with `db`, which would wait for a
    // transaction that holds PGlite's one connection.
    const seal = (value: string | undefined, column: SecretColumn) =>
      value === undefined ? undefined : secrets.seal(value, SEALED[column]);
    const sealed = {
      token: await seal(input.token, 'token'),
      app_secret: await seal(input.app_secret, 'app_secret'),
      verify_token: await seal(input.verify_token, 'verify_token'),
    };

    const row = await db.transaction(async (tx) => {
      const created = await tx
        .insert(whatsappSettings)
        .values({ id: ROW_ID })
        .onConflictDoNothing()
        .returning({ id: whatsappSettings.id });
      const [before] = await tx
        .select()
        .from(whatsappSettings)
        .where(eq(whatsappSettings.id, ROW_ID))
        .for('update');
      const [saved] = await tx
        .update(whatsappSettings)
        // A secret left out is undefined here, which Drizzle leaves out of the update.
        .set({ ...values, ...sealed, updated_at: sql`now()` })
        .where(eq(whatsappSettings.id, ROW_ID))
        .returning();
      const changedSecrets = SECRET_COLUMNS.filter((column) => sealed[column] !== undefined).map(
        (column) => SECRET_NAMES[column],
      );
      await recordAudit(tx, {
        ...actorOf(request),
        accion: created.length > 0 ? 'crear' : 'editar',
        entidad: 'ajustes',
        entidad_id: ROW_ID,
        cambios: changesBetween(
          auditedView(created.length > 0 ? undefined : before),
          auditedView(saved),
        ),
        detalle:
          changedSecrets.length > 0 ? `WhatsApp; cambió: ${changedSecrets.join(', ')}` : 'WhatsApp',
      });
      return saved;
    });
    return ok(toSettings(row, config.appUrl), M.settingsSaved);
  });
  done();
};
