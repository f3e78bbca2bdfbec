import { z } from 'zod';

/**
 * Pet safety at a glance (decisions §pet-alerts): what every screen that shows a pet before a visit
 * carries, its alerts, care notes and the state of its vaccines.
 */

/** Safety alerts, each with the colour of its chip. */
export const PET_ALERTS = [
  { id: 'muerde', nombre: 'Muerde', color: 'error' },
  { id: 'nervioso', nombre: 'Nervioso', color: 'warning' },
  { id: 'alergico', nombre: 'Alérgico', color: 'warning' },
  { id: 'cardiopata', nombre: 'Cardiópata', color: 'error' },
  { id: 'senior', nombre: 'Senior', color: 'info' },
  { id: 'otro', nombre: 'Otro', color: 'default' },
] as const;
export type PetAlert = (typeof PET_ALERTS)[number]['id'];
export const PetAlertSchema = z.enum(PET_ALERTS.map((a) => a.id) as [PetAlert, ...PetAlert[]]);

/** Days before a vaccine's expiry from which it shows as due (yellow). */
export const VACCINE_DUE_DAYS = 30;

/** A pet's vaccines as a whole: some expired (red), some due within 30 days (yellow), or fine. */
export const VACCINE_STATES = [
  { id: 'vencida', nombre: 'Vacuna vencida', color: 'error' },
  { id: 'por_vencer', nombre: 'Vacuna por vencer', color: 'warning' },
] as const;
export type VaccineState = (typeof VACCINE_STATES)[number]['id'];
export const VaccineStateSchema = z.enum(['vencida', 'por_vencer']);

/** The fields of a pet that a groomer must see before the visit, nested in every pet a row carries. */
export const PetCareSchema = z.strictObject({
  alertas: z.array(PetAlertSchema),
  notas_cuidado: z.string(),
  /** The worst state among the latest dose of each vaccine, as of today; null when all are fine or none is recorded. */
  vacunas: VaccineStateSchema.nullable(),
});
export type PetCare = z.infer<typeof PetCareSchema>;

/** The state of one vaccine's expiry day on `today` (both YYYY-MM-DD). */
export function vaccineState(expires: string, today: string): VaccineState | null {
  if (expires < today) return 'vencida';
  const due = new Date(`${today}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + VACCINE_DUE_DAYS);
  return expires <= due.toISOString().slice(0, 10) ? 'por_vencer' : null;
}
