import type { OnlineBookingSettings } from '@app/domain';
import type { Db, Tx } from '../../db/client';
import { onlineBookingSettings } from '../../db/schema';

/**
 * Ajustes › 'Reserva en línea' as stored: the one row, or the column defaults (bookings off)
 * until an admin saves it.
 */
export async function readOnlineBookingSettings(executor: Db | Tx): Promise<OnlineBookingSettings> {
  const [row] = await executor.select().from(onlineBookingSettings).limit(1);
  const stored = row ?? { ...DEFAULTS };
  return {
    modo: stored.modo as OnlineBookingSettings['modo'],
    aviso_horas: stored.aviso_horas,
    horizonte_dias: stored.horizonte_dias,
    paso_min: stored.paso_min === 15 ? 15 : 30,
    buffer_min: stored.buffer_min,
    servicios: stored.servicios,
    paquetes: stored.paquetes,
    politica: stored.politica,
    cancelar_horas: stored.cancelar_horas,
  };
}

/** The table's column defaults, for a salon that never saved the settings. */
const DEFAULTS = {
  modo: 'desactivada',
  aviso_horas: 2,
  horizonte_dias: 30,
  paso_min: 30,
  buffer_min: 0,
  servicios: [] as number[],
  paquetes: [] as number[],
  politica: '',
  cancelar_horas: 24,
};

/** Saves the one row: created at the first save, updated after. */
export async function saveOnlineBookingSettings(tx: Tx, settings: OnlineBookingSettings) {
  await tx
    .insert(onlineBookingSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({
      target: onlineBookingSettings.id,
      set: { ...settings, updated_at: new Date() },
    });
}
