import { and, desc, eq } from 'drizzle-orm';
import type { OnlineBookingSettings } from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, users } from '../../db/schema';
import { createPackage, createService } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { BOOKING_SETTINGS_MESSAGES as M } from './booking-settings-routes';

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let desk: ReturnType<typeof apiClient>;
let bath: number;
let cut: number;
let retired: number;
let pack: number;

const PATH = '/ajustes/reserva-online';

const settings = (changes: Partial<OnlineBookingSettings> = {}): OnlineBookingSettings => ({
  modo: 'con_aprobacion',
  aviso_horas: 4,
  horizonte_dias: 21,
  paso_min: 15,
  buffer_min: 10,
  servicios: [bath, cut],
  paquetes: [pack],
  politica: 'Cancele con 24 horas de anticipación; si no asiste, la próxima reserva es en local.',
  cancelar_horas: 12,
  ...changes,
});

const lastEntry = async () => {
  const [entry] = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entidad, 'ajustes'), eq(auditEntries.detalle, 'Reserva en línea')))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
};

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  desk = apiClient(ctx.app, await ctx.signIn('recepcion'));
  bath = await createService(db, 'Baño completo', '45.00');
  cut = await createService(db, 'Corte de pelo', '35.00');
  retired = await createService(db, 'Baño antiguo', '30.00', 2);
  pack = await createPackage(db, 'Spa completo', '90.00');
});

describe('Ajustes › Reserva en línea', () => {
  it('answers bookings off until an admin saves them', async () => {
    const res = await admin.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ modo: 'desactivada', servicios: [], paquetes: [] });
  });

  it('saves the settings, answers them, and records who changed what', async () => {
    const saved = await admin.put(PATH, settings());
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(M.saved);
    expect(saved.body.data).toEqual(settings());
    expect((await admin.get(PATH)).body.data).toEqual(settings());
    const created = await lastEntry();
    const [adminUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'admin'));
    expect(created).toMatchObject({ accion: 'crear', id_usu: adminUser.id });

    const edited = await admin.put(PATH, settings({ modo: 'automatica', servicios: [cut, cut] }));
    expect(edited.body.data).toMatchObject({ modo: 'automatica', servicios: [cut] });
    const entry = await lastEntry();
    expect(entry.accion).toBe('editar');
    expect(entry.cambios).toEqual({
      modo: { antes: 'con_aprobacion', despues: 'automatica' },
      servicios: { antes: [bath, cut], despues: [cut] },
    });
  });

  it('refuses a retired service and an unknown package, and changes nothing', async () => {
    const before = (await admin.get(PATH)).body.data;
    const res = await admin.put(PATH, settings({ servicios: [bath, retired], paquetes: [99_999] }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      servicios: [M.servicesInactive],
      paquetes: [M.packagesInactive],
    });
    expect((await admin.get(PATH)).body.data).toEqual(before);
  });

  it('refuses a step other than 15 or 30 minutes and a mode it does not know', async () => {
    const res = await admin.put(PATH, { ...settings(), paso_min: 20, modo: 'siempre' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['modo', 'paso_min']);
    expect(res.body.errors.modo).toEqual(['Elija un modo']);
  });

  it('refuses hours out of range with the Spanish message', async () => {
    const res = await admin.put(PATH, settings({ aviso_horas: 500 }));
    expect(res.status).toBe(422);
    expect(res.body.errors.aviso_horas).toEqual(['Ingrese de 0 a 168 horas']);
  });

  it('lets only who may change the settings read or save them', async () => {
    expect((await desk.put(PATH, settings({ modo: 'desactivada' }))).status).toBe(403);
    expect((await desk.get(PATH)).status).toBe(403);
    expect((await admin.get(PATH)).body.data.modo).toBe('automatica');
  });
});
