import { sql } from 'drizzle-orm';
import { VACCINE_DUE_DAYS, type VaccineState } from '@app/domain';
import { pets } from '../../db/schema';

/**
 * What every row that shows a pet carries for the groomer (decisions §pet-alerts): its alerts, care
 * notes and the state of its vaccines.
 */

/** Today in Lima, as the database sees it: Lima is UTC-5 all year. */
export const LIMA_TODAY_SQL = sql`((now() at time zone 'UTC') - interval '5 hours')::date`;

/**
 * The pet's vaccines as a whole, as of today: 'vencida' when the latest dose of some vaccine
 * expired, 'por_vencer' when one expires within VACCINE_DUE_DAYS, else null. A renewed
 * vaccine's older doses do not count: only each name's latest expiry does, which triggers keep
 * in perros.vacunas_vence (migration 0023).
 */
const vaccineStateSql = sql<VaccineState | null>`case
    when ${pets.vacunas_vence} < ${LIMA_TODAY_SQL} then 'vencida'
    when ${pets.vacunas_vence} <= ${LIMA_TODAY_SQL} + ${VACCINE_DUE_DAYS}::int then 'por_vencer'
  end`;

/** The pet's care fields, for a select or a nested object on `perros`. */
export const petCareFields = {
  alertas: pets.alertas,
  notas_cuidado: pets.notas_cuidado,
  vacunas: vaccineStateSql,
};
