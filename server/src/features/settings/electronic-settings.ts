import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CERTIFICATE_MAX_BYTES,
  DEFAULT_ELECTRONIC_SETTINGS,
  ELECTRONIC_MESSAGES,
  ELECTRONIC_MODES,
  ElectronicSettingsInputSchema,
  missingForMode,
  SETTINGS_ENDPOINTS,
  SUNAT_MODES,
  type ActiveElectronicMode,
  type ElectronicMode,
  type ElectronicSettings,
  type ElectronicSettingsField,
} from '@app/domain';
import { actorOf, changesBetween, recordAudit } from '../../audit/record';
import type { SecretBox } from '../../auth/secrets';
import type { Db, Tx } from '../../db/client';
import { electronicSettings, settings } from '../../db/schema';
import { route } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { conflict, HttpError, INVALID_INPUT } from '../../http/errors';
import { readMultipart } from '../../http/uploads';
import {
  CERTIFICATE_MESSAGES,
  CertificateError,
  certificateProblem,
  readCertificate,
  type SigningCertificate,
} from '../electronic-receipts';

type ElectronicRow = typeof electronicSettings.$inferSelect;

/** The one row's id (the table's check allows no other). */
const ROW_ID = 1;

const SECRET_COLUMNS = ['certificado', 'clave_certificado', 'clave_sol', 'pse_token'] as const;
type SecretColumn = (typeof SECRET_COLUMNS)[number];

/**
 * What each sealed column is bound to (auth/secrets.ts): a value copied into another column
 * does not open there.
 */
const SEALED: Record<SecretColumn, string> = {
  certificado: 'facturacion:certificado',
  clave_certificado: 'facturacion:clave_certificado',
  clave_sol: 'facturacion:clave_sol',
  pse_token: 'facturacion:pse_token',
};

/** What the audit entry names for each secret that changed; never its value. */
const SECRET_NAMES: Record<SecretColumn, string> = {
  certificado: 'certificado',
  clave_certificado: 'contraseña del certificado',
  clave_sol: 'clave SOL',
  pse_token: 'token del PSE/OSE',
};

const isMode = (value: string): value is ElectronicMode =>
  ELECTRONIC_MODES.some((mode) => mode === value);

/** A stored mode the code no longer knows is read as off: nothing is issued by mistake. */
const modeOf = (row: ElectronicRow | undefined): ElectronicMode =>
  row && isMode(row.modo) ? row.modo : 'desactivado';

async function currentRow(executor: Db | Tx): Promise<ElectronicRow | undefined> {
  const [row] = await executor
    .select()
    .from(electronicSettings)
    .where(eq(electronicSettings.id, ROW_ID));
  return row;
}

const toElectronicSettings = (row: ElectronicRow | undefined): ElectronicSettings =>
  row
    ? {
        modo: modeOf(row),
        usuario_sol: row.usuario_sol,
        pse_url: row.pse_url,
        certificado:
          row.certificado && row.cert_vence
            ? {
                titular: row.cert_titular ?? '',
                ruc: row.cert_ruc,
                vence: row.cert_vence.toISOString(),
              }
            : null,
        tiene_clave_sol: row.clave_sol !== null,
        tiene_clave_certificado: row.clave_certificado !== null,
        tiene_pse_token: row.pse_token !== null,
      }
    : DEFAULT_ELECTRONIC_SETTINGS;

/**
 * The last certificate parsed, by the sealed values it came from: each save seals anew (a fresh
 * IV), so another upload or password never meets an old entry, and a sale does not decrypt and
 * parse the .pfx again.
 */
let parsedCertificate: { key: string; certificate: Promise<SigningCertificate> } | undefined;

function parsedFrom(
  sealedPfx: string,
  sealedPassword: string,
  secrets: SecretBox,
): Promise<SigningCertificate> {
  const key = `${sealedPfx}|${sealedPassword}`;
  if (parsedCertificate?.key !== key) {
    const certificate = Promise.all([
      secrets.open(sealedPfx, SEALED.certificado),
      secrets.open(sealedPassword, SEALED.clave_certificado),
    ]).then(([pfx, password]) => readCertificate(Buffer.from(pfx, 'base64'), password));
    // A failure (SECRET_KEY changed) is not kept: the next sale tries again.
    certificate.catch(() => {
      if (parsedCertificate?.key === key) parsedCertificate = undefined;
    });
    parsedCertificate = { key, certificate };
  }
  return parsedCertificate.certificate;
}

/**
 * What issuing an electronic receipt needs (DESIGN §11.1): the mode and the salon's signing
 * certificate, parsed (null when none is stored: `pse` signs on its side). Null when the
 * receipts are not electronic (`desactivado`, or nothing saved yet).
 */
export async function signingSettings(
  executor: Db | Tx,
  secrets: SecretBox,
): Promise<{ modo: ActiveElectronicMode; certificate: SigningCertificate | null } | null> {
  const row = await currentRow(executor);
  const modo = modeOf(row);
  if (!row || modo === 'desactivado') return null;
  const certificate =
    row.certificado !== null && row.clave_certificado !== null
      ? await parsedFrom(row.certificado, row.clave_certificado, secrets)
      : null;
  return { modo, certificate };
}

/** How the sender reaches SUNAT or the PSE (DESIGN §11.2), with their secrets opened. */
export type SendingSettings =
  | { modo: 'sunat_beta' | 'sunat'; usuarioSol: string; claveSol: string }
  | { modo: 'pse'; url: string; token: string };

/**
 * What the sender needs to send with the current settings; null when receipts are not
 * electronic or what the mode needs is missing (the settings screen refuses that on save).
 */
export async function sendingSettings(
  executor: Db | Tx,
  secrets: SecretBox,
): Promise<SendingSettings | null> {
  const row = await currentRow(executor);
  const modo = modeOf(row);
  if (!row || modo === 'desactivado') return null;
  if (modo === 'pse') {
    if (!row.pse_url || !row.pse_token) return null;
    return { modo, url: row.pse_url, token: await secrets.open(row.pse_token, SEALED.pse_token) };
  }
  if (!row.usuario_sol || !row.clave_sol) return null;
  return {
    modo,
    usuarioSol: row.usuario_sol,
    claveSol: await secrets.open(row.clave_sol, SEALED.clave_sol),
  };
}

/**
 * The stored certificate's expiry when it signs the receipts (a SUNAT mode: a PSE/OSE signs
 * with its own); null otherwise.
 */
export async function activeCertificateExpiry(executor: Db | Tx): Promise<Date | null> {
  const [row] = await executor
    .select({ modo: electronicSettings.modo, vence: electronicSettings.cert_vence })
    .from(electronicSettings)
    .where(eq(electronicSettings.id, ROW_ID));
  return row && SUNAT_MODES.some((mode) => mode === row.modo) ? row.vence : null;
}

/** A password that does not open the file is the password's fault; anything else the file's. */
const certificateErrorField = (error: CertificateError) =>
  error.message === CERTIFICATE_MESSAGES.wrongPassword ? 'clave_certificado' : 'certificado';

type FieldErrors = Partial<Record<ElectronicSettingsField, string>>;

const refused = (errors: FieldErrors): HttpError =>
  new HttpError(
    422,
    Object.values(errors)[0] ?? INVALID_INPUT,
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
  );

/** The fields of a row the audit entry compares: none of them a secret. */
const auditedView = (row: ElectronicRow | undefined) =>
  row && {
    modo: row.modo,
    usuario_sol: row.usuario_sol,
    pse_url: row.pse_url,
    cert_titular: row.cert_titular,
    cert_ruc: row.cert_ruc,
    cert_vence: row.cert_vence,
  };

export interface ElectronicSettingsOptions {
  db: Db;
  secrets: SecretBox;
}

/**
 * Ajustes › 'Facturación electrónica' (DESIGN §11.1). `GET` answers all but the secrets;
 * `PUT` is multipart (`json` and the file `certificado`): a secret left out keeps the stored
 * one; an uploaded certificate is read with its password and checked (validity, the company's
 * RUC) before anything is saved.
 */
export const electronicSettingsModule: FastifyPluginCallbackZod<ElectronicSettingsOptions> = (
  app,
  { db, secrets },
  done,
) => {
  route(app, SETTINGS_ENDPOINTS.electronic, async () =>
    ok(toElectronicSettings(await currentRow(db))),
  );

  route(app, SETTINGS_ENDPOINTS.updateElectronic, async (request) => {
    const { fields, files } = await readMultipart(request, {
      fileFields: ['certificado'],
      tooLarge: ELECTRONIC_MESSAGES.certificateTooLarge,
      maxFileSize: CERTIFICATE_MAX_BYTES,
    });
    const input = ElectronicSettingsInputSchema.parse(fields);
    const uploaded = files.get('certificado');
    const current = await currentRow(db);

    // Every secret is opened and sealed before the transaction: the box reads its key with
    // `db`, which waits for a transaction that holds PGlite's one connection.
    const errors: FieldErrors = {};
    const open = (sealed: string | null | undefined, column: SecretColumn) =>
      sealed ? secrets.open(sealed, SEALED[column]) : undefined;
    // A new certificate is read with the password sent, else the stored one; a new password
    // alone must open the stored certificate.
    const storedPfx = input.clave_certificado
      ? await open(current?.certificado, 'certificado')
      : undefined;
    const pfx =
      uploaded ?? (storedPfx === undefined ? undefined : Buffer.from(storedPfx, 'base64'));
    const password =
      input.clave_certificado ??
      (uploaded ? await open(current?.clave_certificado, 'clave_certificado') : undefined);
    let certificate: SigningCertificate | undefined;
    if (pfx && password === undefined) {
      errors.clave_certificado = ELECTRONIC_MESSAGES.certificatePasswordRequired;
    } else if (pfx && password !== undefined) {
      try {
        certificate = readCertificate(pfx, password);
      } catch (error) {
        if (!(error instanceof CertificateError)) throw error;
        errors[certificateErrorField(error)] = error.message;
      }
    }
    if (certificate && uploaded) {
      const [company] = await db
        .select({ ruc: settings.rucEmp })
        .from(settings)
        .orderBy(asc(settings.id))
        .limit(1);
      const problem = company
        ? certificateProblem(certificate, { ruc: company.ruc, now: new Date() })
        : ELECTRONIC_MESSAGES.companyRucMissing;
      if (problem) errors.certificado = problem;
    }

    const values = {
      modo: input.modo,
      usuario_sol:
        input.usuario_sol === undefined ? (current?.usuario_sol ?? null) : input.usuario_sol,
      pse_url: input.pse_url === undefined ? (current?.pse_url ?? null) : input.pse_url,
    };
    const missing = missingForMode({
      ...values,
      hasCertificate: Boolean(uploaded) || Boolean(current?.certificado),
      hasCertificatePassword:
        Boolean(input.clave_certificado) || Boolean(current?.clave_certificado),
      hasSolPassword: Boolean(input.clave_sol) || Boolean(current?.clave_sol),
      hasPseToken: Boolean(input.pse_token) || Boolean(current?.pse_token),
    });
    // What is wrong with a field says more than that it is missing.
    const refusals: FieldErrors = { ...missing, ...errors };
    if (Object.keys(refusals).length > 0) throw refused(refusals);

    const seal = (value: string | undefined, column: SecretColumn) =>
      value === undefined ? undefined : secrets.seal(value, SEALED[column]);
    const sealed = {
      certificado: await seal(uploaded?.toString('base64'), 'certificado'),
      clave_certificado: await seal(input.clave_certificado, 'clave_certificado'),
      clave_sol: await seal(input.clave_sol, 'clave_sol'),
      pse_token: await seal(input.pse_token, 'pse_token'),
    };

    const row = await db.transaction(async (tx) => {
      // The first save creates the row; two saves at once take turns on it, and the second
      // is refused: what it checked (a stored certificate or password) may have changed.
      const created = await tx
        .insert(electronicSettings)
        .values({ id: ROW_ID })
        .onConflictDoNothing()
        .returning({ id: electronicSettings.id });
      const [locked] = await tx
        .select()
        .from(electronicSettings)
        .where(eq(electronicSettings.id, ROW_ID))
        .for('update');
      const unchanged =
        created.length > 0 || locked.updated_at.getTime() === current?.updated_at.getTime();
      if (!unchanged) throw conflict(ELECTRONIC_MESSAGES.changedMeanwhile);

      const [saved] = await tx
        .update(electronicSettings)
        .set({
          ...values,
          // A secret left out is undefined here, which Drizzle leaves out of the update.
          ...sealed,
          ...(certificate && uploaded
            ? {
                cert_titular: certificate.holder,
                cert_ruc: certificate.ruc,
                cert_vence: certificate.notAfter,
              }
            : {}),
          updated_at: sql`now()`,
        })
        .where(eq(electronicSettings.id, ROW_ID))
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
          auditedView(created.length > 0 ? undefined : locked),
          auditedView(saved),
        ),
        detalle:
          changedSecrets.length > 0
            ? `Facturación electrónica; cambió: ${changedSecrets.join(', ')}`
            : 'Facturación electrónica',
      });
      return saved;
    });
    return ok(toElectronicSettings(row), ELECTRONIC_MESSAGES.saved);
  });
  done();
};
