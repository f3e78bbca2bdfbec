import { and, desc, eq } from 'drizzle-orm';
import {
  AppointmentStatus,
  can,
  NOTIFICATION_LINKS,
  NOTIFICATION_TEXTS,
  ONLINE_BOOKING_MESSAGES,
  type OnlineRequestRow,
  type Permission,
  type Role,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditEntries, pets } from '../../db/schema';
import {
  createService,
  limaDay,
  registerGroomer,
  registerOwner,
  type Owner,
} from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { saveCompany } from '../../test/billing';
import { apiClient } from '../../test/http';
import { mailText, outbox } from '../../test/mail';
import { notificationsFor } from '../notifications';
import { ONLINE_REQUEST_MESSAGES as M } from './requests';

const ctx = await setupTestApp();
const { db } = ctx.database;
const { dataDir } = ctx;
let admin: ReturnType<typeof apiClient>;
let desk: ReturnType<typeof apiClient>;
let groomerUser: ReturnType<typeof apiClient>;
let rosa: Owner;
let carlos: Owner;
let bath: number;
let groomer: { id_emp: number };

const SALON = 'Peluquería Canina Huellitas';

beforeAll(async () => {
  await saveCompany(db, '20123456789');
  admin = apiClient(ctx.app, await ctx.signIn());
  desk = apiClient(ctx.app, await ctx.signIn('recepcion'));
  groomerUser = apiClient(ctx.app, await ctx.signIn('groomer'));
  rosa = await registerOwner(admin, 'Rosa', 'Firulais');
  carlos = await registerOwner(admin, 'Carlos', 'Bobby');
  bath = await createService(db, 'Baño completo', '45.00');
  groomer = await registerGroomer(admin, 'Lucía');
  await db.update(pets).set({ talla: 'grande' }).where(eq(pets.id_perro, rosa.petId));
});

/**
 * A cita as the public page would leave it with `con_aprobacion`: booked through the citas API,
 * then marked online and 10 Por confirmar (the public booking route is another's work).
 */
async function onlineRequest(owner: Owner, day: number, time: string): Promise<number> {
  const res = await admin.post('/cita/register', {
    fec_cita: `${limaDay(day)}T${time}`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_cliente: owner.id_cli,
    id_servicio: bath,
    id_paquete: '',
    id_emp: groomer.id_emp,
    fech_reg: limaDay(0),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const id = res.body.data.id_cita as number;
  await db
    .update(appointments)
    .set({ id_est: AppointmentStatus.PorConfirmar, origen: 'en_linea' })
    .where(eq(appointments.id_cita, id));
  return id;
}

const stored = async (id: number) => {
  const [row] = await db
    .select({ id_est: appointments.id_est, motivo: appointments.motivo_cancelacion })
    .from(appointments)
    .where(eq(appointments.id_cita, id));
  return row;
};

/** A message's text, its UTF-8 undone too (mailText leaves each quoted byte a character). */
const textOf = (eml: string) => Buffer.from(mailText(eml), 'latin1').toString('utf8');

/** The text of the mail to `to` that says `about`, once it is there: mails go after the answer. */
async function mailTo(to: string, about: string): Promise<string | undefined> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = (await outbox(dataDir))
      .filter((eml) => eml.includes(`\nTo: ${to}\n`))
      .map(textOf)
      .find((text) => text.includes(about));
    if (mail !== undefined || Date.now() > deadline) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const approve = (api: ReturnType<typeof apiClient>, id: number) =>
  api.raw('POST', `/solicitudes-online/${id}/aprobar`);
const decline = (api: ReturnType<typeof apiClient>, id: number, body: object) =>
  api.raw('POST', `/solicitudes-online/${id}/rechazar`, body);

const lastCitaEntry = async (id: number) => {
  const [entry] = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, id)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
};

const bellFor = (role: Role) =>
  notificationsFor(db, (permission: Permission) => can(role, permission));

describe('Solicitudes en línea', () => {
  it('lists the online citas awaiting approval, oldest request first, and nothing else', async () => {
    const first = await onlineRequest(rosa, 3, '10:00');
    const second = await onlineRequest(carlos, 2, '15:00');
    const counter = await desk.post('/cita/register', {
      fec_cita: `${limaDay(2)}T09:00`,
      dni_cli: rosa.dni,
      id_perro: rosa.petId,
      id_cliente: rosa.id_cli,
      id_servicio: bath,
      id_paquete: '',
      fech_reg: limaDay(0),
    });
    expect(counter.status).toBe(201);

    // The requests carry the clients' contacts: for who may answer them, not for a groomer.
    expect((await groomerUser.get('/solicitudes-online')).status).toBe(403);
    const res = await admin.get('/solicitudes-online');
    expect(res.status).toBe(200);
    const rows: OnlineRequestRow[] = res.body.data;
    expect(rows.map((r) => r.id_cita)).toEqual([first, second]);
    expect(rows[0]).toMatchObject({
      cliente: 'Rosa Huamán Torres',
      dni_cli: rosa.dni,
      tel1_cli: '987654321',
      email_cli: `${rosa.dni}@correo.pe`,
      mascota: 'Firulais',
      talla: 'grande',
      item: 'Baño completo',
      groomer: 'Lucía Quispe Rojas',
      duracion: 60,
    });
    // 10:00 in Lima is 15:00 UTC.
    expect(rows[0].inicio).toBe(new Date(`${limaDay(3)}T15:00:00Z`).toISOString());
    expect(rows[1]).toMatchObject({ cliente: 'Carlos Huamán Torres', talla: null });

    // Clean up for the tests below: these two are answered here.
    expect((await approve(admin, first)).status).toBe(200);
    expect((await decline(admin, second, { motivo: 'Sin cupo' })).status).toBe(200);
  });

  it('approves a request: Programada, audited, and the client is told by e-mail', async () => {
    const id = await onlineRequest(rosa, 4, '11:30');
    const res = await approve(desk, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: null, message: M.approved });
    expect(await stored(id)).toEqual({ id_est: AppointmentStatus.Programada, motivo: null });
    const entry = await lastCitaEntry(id);
    expect(entry).toMatchObject({ accion: 'estado', detalle: 'Solicitud en línea aprobada' });
    expect(entry.cambios).toEqual({
      id_est: { antes: AppointmentStatus.PorConfirmar, despues: AppointmentStatus.Programada },
    });

    const day = limaDay(4).split('-').reverse().join('/');
    const mail = await mailTo(`${rosa.dni}@correo.pe`, `Fecha: ${day}`);
    expect(mail).toBeDefined();
    expect(mail).toContain(`Su cita en ${SALON} está confirmada`);
    expect(mail).toContain('Hora: 11:30');
    expect(mail).toContain('Servicio: Baño completo');
    expect(mail).toContain('Mascota: Firulais');
    expect(mail).toContain('Dirección: Av. Benavides 1234, Miraflores');
  });

  it('refuses to answer a request twice', async () => {
    const id = await onlineRequest(carlos, 5, '09:00');
    expect((await approve(admin, id)).status).toBe(200);
    const again = await approve(admin, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ONLINE_BOOKING_MESSAGES.notPending);
    const late = await decline(admin, id, { motivo: 'Groomer enfermo' });
    expect(late.status).toBe(409);
    expect(await stored(id)).toEqual({ id_est: AppointmentStatus.Programada, motivo: null });

    const declined = await onlineRequest(carlos, 5, '12:00');
    expect((await decline(admin, declined, { motivo: 'Sin cupo' })).status).toBe(200);
    expect((await approve(admin, declined)).status).toBe(409);
    expect((await decline(admin, declined, { motivo: 'Otra vez' })).status).toBe(409);
  });

  it('declines with a reason: the cita is cancelled, its time freed, the reason e-mailed', async () => {
    const id = await onlineRequest(carlos, 6, '16:00');
    const res = await decline(desk, id, { motivo: '  Ese día cerramos por inventario  ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.declined);
    expect(await stored(id)).toEqual({
      id_est: AppointmentStatus.Cancelada,
      motivo: 'Ese día cerramos por inventario',
    });
    expect(await lastCitaEntry(id)).toMatchObject({
      accion: 'estado',
      detalle: 'Solicitud en línea rechazada',
    });
    const mail = await mailTo(`${carlos.dni}@correo.pe`, 'Motivo: Ese día cerramos por inventario');
    expect(mail).toBeDefined();
    expect(mail).toContain(`${SALON} no pudo aceptar su solicitud de cita`);
    expect(mail).toContain('http://127.0.0.1:3000/reservar');

    // The time is free: the counter books the same groomer at the same time.
    const same = await desk.post('/cita/register', {
      fec_cita: `${limaDay(6)}T16:00`,
      dni_cli: rosa.dni,
      id_perro: rosa.petId,
      id_cliente: rosa.id_cli,
      id_servicio: bath,
      id_paquete: '',
      id_emp: groomer.id_emp,
      fech_reg: limaDay(0),
    });
    expect(same.status).toBe(201);
  });

  it('refuses to decline without a reason, and changes nothing', async () => {
    const id = await onlineRequest(rosa, 7, '10:00');
    for (const body of [{}, { motivo: '   ' }]) {
      const res = await decline(admin, id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors.motivo).toEqual([ONLINE_BOOKING_MESSAGES.reasonRequired]);
    }
    expect(await stored(id)).toEqual({ id_est: AppointmentStatus.PorConfirmar, motivo: null });
    expect((await approve(admin, id)).status).toBe(200);
  });

  it('refuses a counter cita, an unknown one, and a groomer who may not book', async () => {
    const counter = await desk.post('/cita/register', {
      fec_cita: `${limaDay(8)}T10:00`,
      dni_cli: rosa.dni,
      id_perro: rosa.petId,
      id_cliente: rosa.id_cli,
      id_servicio: bath,
      id_paquete: '',
      fech_reg: limaDay(0),
    });
    expect((await approve(admin, counter.body.data.id_cita as number)).status).toBe(409);
    expect((await approve(admin, 987_654)).status).toBe(404);

    const id = await onlineRequest(rosa, 8, '15:00');
    expect((await approve(groomerUser, id)).status).toBe(403);
    expect((await decline(groomerUser, id, { motivo: 'No' })).status).toBe(403);
    expect((await stored(id)).id_est).toBe(AppointmentStatus.PorConfirmar);
    expect((await approve(admin, id)).status).toBe(200);
  });

  it('rings the bell with the requests waiting, for whoever may answer them', async () => {
    expect((await bellFor('admin')).items.map((i) => i.tipo)).not.toContain('solicitudes_en_linea');
    await onlineRequest(rosa, 9, '10:00');
    await onlineRequest(carlos, 9, '12:00');
    const notice = (await bellFor('recepcion')).items.find(
      (i) => i.tipo === 'solicitudes_en_linea',
    );
    expect(notice).toEqual({
      tipo: 'solicitudes_en_linea',
      texto: NOTIFICATION_TEXTS.onlineRequests(2),
      enlace: NOTIFICATION_LINKS.onlineRequests,
      cantidad: 2,
    });
    expect(notice?.texto).toBe('Solicitudes en línea por confirmar: 2');
    expect((await bellFor('groomer')).items.map((i) => i.tipo)).not.toContain(
      'solicitudes_en_linea',
    );
  });
});
