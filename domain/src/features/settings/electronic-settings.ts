import { z } from 'zod';
import { isoDateTime } from '../../api';

/**
 * Ajustes › 'Facturación electrónica' (DESIGN §11.1): how the salon's boletas and facturas become
 * electronic receipts. The secrets (the certificate, its password, the SOL password, the PSE
 * token) are write-only: the form sends them, the answer only says whether one is stored.
 */

export const ELECTRONIC_MODES = ['desactivado', 'sunat_beta', 'sunat', 'pse'] as const;
export type ElectronicMode = (typeof ELECTRONIC_MODES)[number];
/** The modes that issue electronic receipts. */
export type ActiveElectronicMode = Exclude<ElectronicMode, 'desactivado'>;

export const ELECTRONIC_MODE_LABELS: Record<ElectronicMode, string> = {
  desactivado: 'Desactivado',
  sunat_beta: 'SUNAT beta (pruebas)',
  sunat: 'SUNAT (producción)',
  pse: 'PSE/OSE',
};

/** The modes that sign with the salon's own certificate and send with its SOL user. */
export const SUNAT_MODES: readonly ElectronicMode[] = ['sunat_beta', 'sunat'];

/** A .pfx is a few KB; anything near this is not one. */
export const CERTIFICATE_MAX_BYTES = 100 * 1024;
/** What the file input offers. */
export const CERTIFICATE_ACCEPT = '.pfx,.p12,application/x-pkcs12';
/** The bell and the screen warn this many days before the certificate expires. */
export const CERTIFICATE_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether a certificate valid until `notAfter` is expired or expires within the warning days. */
export const certificateExpiresSoon = (notAfter: Date, now: Date): boolean =>
  notAfter.getTime() - now.getTime() <= CERTIFICATE_WARNING_DAYS * DAY_MS;

export const ELECTRONIC_MESSAGES = {
  modeInvalid: 'Seleccione un modo de facturación válido',
  solUserRequired: 'Ingrese el usuario secundario SOL',
  solUserInvalid: 'El usuario SOL solo admite letras y números (hasta 30)',
  solPasswordRequired: 'Ingrese la clave SOL',
  certificateRequired: 'Suba el certificado digital (.pfx o .p12)',
  certificatePasswordRequired: 'Ingrese la contraseña del certificado',
  certificateTooLarge: 'El certificado no puede pesar más de 100 KB',
  /** The certificate's RUC is checked against the company's: it must be there first. */
  companyRucMissing: 'Guarde primero los datos de la empresa (con su RUC) en Ajustes',
  pseUrlRequired: 'Ingrese la URL del PSE/OSE',
  pseUrlInvalid: 'Ingrese una URL https válida, por ejemplo https://api.pse.pe/emisor',
  pseTokenRequired: 'Ingrese el token del PSE/OSE',
  secretTooLong: 'El valor no puede exceder los 500 caracteres',
  saved: 'Facturación electrónica guardada',
  changedMeanwhile:
    'Otro usuario guardó la facturación electrónica mientras tanto: recargue la página e intente de nuevo',
  /** The helper text of a secret field when one is stored. */
  secretStored: 'Guardada: déjela vacía para no cambiarla',
  /** The PSE's token is masculine. */
  tokenStored: 'Guardado: déjelo vacío para no cambiarlo',
} as const;

const SECRET_MAX = 500;

/**
 * A secret as the form sends it: omitted, null or empty keeps the stored one (undefined);
 * otherwise the new value, as typed (a password may begin or end with a space).
 */
const secret = z
  .string()
  .max(SECRET_MAX, ELECTRONIC_MESSAGES.secretTooLong)
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A plain text field: omitted, unchanged (undefined); blank or null, cleared (null). */
const plainText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const httpsUrl = z.url({ protocol: /^https$/ });
/** An absolute https address (the PSE's API is reached over TLS only). */
export const isHttpsUrl = (value: string): boolean => httpsUrl.safeParse(value).success;

/**
 * The `json` field of `PUT /api/ajustes/facturacion`; the certificate travels beside it as the
 * file `certificado`. What each mode needs is checked with what is stored (`missingForMode`).
 */
export const ElectronicSettingsInputSchema = z.object({
  modo: z.enum(ELECTRONIC_MODES, { error: ELECTRONIC_MESSAGES.modeInvalid }),
  usuario_sol: plainText(30, ELECTRONIC_MESSAGES.solUserInvalid).refine(
    (v) => !v || /^[A-Za-z0-9]+$/.test(v),
    ELECTRONIC_MESSAGES.solUserInvalid,
  ),
  clave_sol: secret,
  clave_certificado: secret,
  pse_url: plainText(300, ELECTRONIC_MESSAGES.pseUrlInvalid).refine(
    (v) => !v || isHttpsUrl(v),
    ELECTRONIC_MESSAGES.pseUrlInvalid,
  ),
  pse_token: secret,
});
export type ElectronicSettingsInput = z.input<typeof ElectronicSettingsInputSchema>;
export type ElectronicSettingsValues = z.output<typeof ElectronicSettingsInputSchema>;

/** What a save would leave stored: the values sent, else the ones kept. */
export interface ElectronicSettingsOutcome {
  modo: ElectronicMode;
  usuario_sol: string | null;
  pse_url: string | null;
  hasCertificate: boolean;
  hasCertificatePassword: boolean;
  hasSolPassword: boolean;
  hasPseToken: boolean;
}

export type ElectronicSettingsField =
  'usuario_sol' | 'clave_sol' | 'certificado' | 'clave_certificado' | 'pse_url' | 'pse_token';

/** Per field, what the chosen mode needs and would not have; empty when all is there. */
export function missingForMode(
  outcome: ElectronicSettingsOutcome,
): Partial<Record<ElectronicSettingsField, string>> {
  const M = ELECTRONIC_MESSAGES;
  const missing: Partial<Record<ElectronicSettingsField, string>> = {};
  if (SUNAT_MODES.includes(outcome.modo)) {
    if (!outcome.hasCertificate) missing.certificado = M.certificateRequired;
    else if (!outcome.hasCertificatePassword) {
      missing.clave_certificado = M.certificatePasswordRequired;
    }
    if (!outcome.usuario_sol) missing.usuario_sol = M.solUserRequired;
    if (!outcome.hasSolPassword) missing.clave_sol = M.solPasswordRequired;
  }
  if (outcome.modo === 'pse') {
    if (!outcome.pse_url) missing.pse_url = M.pseUrlRequired;
    if (!outcome.hasPseToken) missing.pse_token = M.pseTokenRequired;
  }
  return missing;
}

/** What the stored certificate says, read when it was uploaded. */
export const StoredCertificateSchema = z.strictObject({
  titular: z.string(),
  /** The RUC in the certificate's subject; null when it names none. */
  ruc: z.string().nullable(),
  /** The end of its validity. */
  vence: isoDateTime,
});
export type StoredCertificate = z.infer<typeof StoredCertificateSchema>;

/** `GET /api/ajustes/facturacion`: everything but the secrets, which only say whether stored. */
export const ElectronicSettingsSchema = z.strictObject({
  modo: z.enum(ELECTRONIC_MODES),
  usuario_sol: z.string().nullable(),
  pse_url: z.string().nullable(),
  certificado: StoredCertificateSchema.nullable(),
  tiene_clave_sol: z.boolean(),
  tiene_clave_certificado: z.boolean(),
  tiene_pse_token: z.boolean(),
});
export type ElectronicSettings = z.infer<typeof ElectronicSettingsSchema>;

/** The settings before anything is saved: today's behaviour, no electronic receipts. */
export const DEFAULT_ELECTRONIC_SETTINGS: ElectronicSettings = {
  modo: 'desactivado',
  usuario_sol: null,
  pse_url: null,
  certificado: null,
  tiene_clave_sol: false,
  tiene_clave_certificado: false,
  tiene_pse_token: false,
};
