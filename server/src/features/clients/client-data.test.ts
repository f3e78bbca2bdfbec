import { and, count, eq, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymizedDni, CLIENT_MESSAGES, type ClientData, PERMISSION_MESSAGES } from '@app/domain';
import {
  appointments,
  auditEntries,
  clients,
  pets,
  sales,
  storedFiles,
  triages,
  vaccines,
  waitlist,
  consents,
  deposits,
  reportCards,
} from '../../db/schema';
import { storeUpload } from '../../http/uploads';
import { outboxDir } from '../../mail/mailer';
import { createService, limaDay, registerOwner, type Owner } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { download } from '../../test/files';
import { outbox } from '../../test/mail';
import { apiClient } from '../../test/http';
import { pngImage } from '../../test/images';

const ctx = await setupTestApp();
const db = ctx.database.db;
let adminToken: string;
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let bath: number;

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  bath = await createService(db, 'Baño completo', '45.00');
});

let hour = 8;

/**
 * A client with a history: a pet with care notes and a vaccine with its card's picture, a
 * reservation, a cita with triage, a sale of that cita and a waitlist entry.
 */
async function clientWithHistory(): Promise<Owner & { cita: number; sale: number }> {
  const owner = await registerOwner(admin, 'Rosa', 'Firulais');
  await db
    .update(pets)
    .set({ notas_cuidado: 'Llamar a su hija Ana al 987111222 antes de entregarlo' })
    .where(eq(pets.id_perro, owner.petId));
  const proof = await storeUpload(db, 'vacuna', 'png', pngImage());
  await db.insert(vaccines).values({
    id_perro: owner.petId,
    nombre: 'Rabia',
    fecha_aplicacion: limaDay(-30),
    fecha_vence: limaDay(300),
    comprobante: proof,
  });
  const reservation = await admin.post('/reservacion/register', {
    fec_cita: limaDay(3),
    dni_cli: owner.dni,
    id_perro: owner.petId,
  });
  expect(reservation.status).toBe(201);
  hour += 1;
  const cita = await admin.post('/cita/register', {
    fec_cita: `${limaDay(1)}T${String(hour).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: bath,
    fech_reg: limaDay(0),
    obs: 'Lo trae la señora Rosa, vive en Lince',
  });
  expect(cita.status).toBe(201);
  const id_cita = cita.body.data.id_cita as number;
  const triage = await admin.post('/triaje/register', {
    id_cita,
    edad: '3',
    peso: '12.5',
    temperatura: '38.5',
    notas: 'Tranquilo',
  });
  expect(triage.status).toBe(201);
  const sale = await admin.post('/venta/register', {
    id_cita,
    id_cliente: owner.id_cli,
    tipo_comp: 'T',
    items: [
      { tipo: 'servicio', id: bath, descripcion: 'Baño completo', cantidad: 1, precio: '45' },
    ],
    pagos: [{ metodo: 'efectivo', monto: '45' }],
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  const depositProof = await storeUpload(db, 'adelanto', 'png', pngImage());
  await db.insert(deposits).values({
    id_cita,
    id_cli: owner.id_cli,
    monto: '20.00',
    metodo: 'yape',
    operacion: '04512877',
    comprobante: depositProof,
    fecha: limaDay(0),
  });
  await db.insert(reportCards).values({
    id_cita,
    pelaje: 'enredado',
    trabajos: ['Baño'],
    comportamiento: 4,
    notas: 'La señora Rosa pidió que la llamen al 987111222',
    proxima_semanas: 6,
    proxima_fecha: limaDay(42),
    token_hash: randomBytes(32).toString('hex'),
    vence: new Date(Date.now() + 86_400_000),
  });
  await db.insert(waitlist).values({
    id_cli: owner.id_cli,
    id_perro: owner.petId,
    id_srv: bath,
    dias: [3],
    hora_desde: '09:00',
    hora_hasta: '12:00',
    notas: 'Su esposo trabaja hasta las 6',
    id_usu: 1,
  });
  await db.insert(consents).values({
    id_cli: owner.id_cli,
    tipo: 'marketing',
    aceptado: false,
    version: '2026-11',
    origen: 'reserva_en_linea',
  });
  return { ...owner, cita: id_cita, sale: sale.body.data.id_venta as number };
}

describe('GET /cliente/:id/datos', () => {
  it('answers everything about the client as a JSON file', async () => {
    const owner = await clientWithHistory();
    const res = await download(ctx.app, adminToken, `/cliente/${owner.id_cli}/datos`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="cliente-${owner.dni}.json"`,
    );
    const data = res.json<ClientData>();
    expect(data.cliente).toMatchObject({
      id_cli: owner.id_cli,
      dni_cli: owner.dni,
      nom_cli: 'Rosa',
      tel1_cli: '987654321',
    });
    expect(data.cliente).not.toHaveProperty('search_text');
    expect(data.mascotas).toHaveLength(1);
    expect(data.mascotas[0]).toMatchObject({ id_perro: owner.petId, nom_perro: 'Firulais' });
    expect(data.mascotas[0]).not.toHaveProperty('owner_search');
    expect(data.mascotas[0].notas_cuidado).toContain('Ana');
    expect(data.mascotas[0].vacunas).toMatchObject([{ nombre: 'Rabia' }]);
    expect(data.reservaciones).toHaveLength(1);
    expect(data.reservaciones[0]).not.toHaveProperty('cliente_search');
    expect(data.reservaciones[0]).not.toHaveProperty('perro_search');
    expect(data.citas).toMatchObject([{ id_cita: owner.cita, servicio: 'Baño completo' }]);
    expect(data.citas[0]).not.toHaveProperty('cliente_search');
    expect(data.citas[0]).not.toHaveProperty('perro_search');
    expect(data.triajes).toMatchObject([{ id_cita: owner.cita, peso: '12.50' }]);
    expect(data.ventas).toHaveLength(1);
    expect(data.ventas[0]).toMatchObject({
      id_venta: owner.sale,
      total: '45.00',
      items: [{ descripcion: 'Baño completo', cantidad: 1 }],
      pagos: [{ metodo: 'efectivo', monto: '45.00' }],
    });
    expect(data.lista_espera).toHaveLength(1);
    expect(data.consentimientos).toMatchObject([{ tipo: 'marketing', aceptado: false }]);
    // Who took the copy is recorded.
    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.accion, 'exportar'),
          eq(auditEntries.entidad, 'cliente'),
          eq(auditEntries.entidad_id, owner.id_cli),
        ),
      );
    expect(entry).toBeDefined();
  });

  it('answers 404 for an unknown client', async () => {
    const res = await admin.get('/cliente/999999/datos');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', message: CLIENT_MESSAGES.notFound });
  });

  it('is refused to recepcion', async () => {
    const owner = await registerOwner(admin);
    const res = await recepcion.get(`/cliente/${owner.id_cli}/datos`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(PERMISSION_MESSAGES.forbidden);
  });
});

describe('POST /cliente/:id/anonimizar', () => {
  const citasOf = async (id: number) =>
    (await db.select({ n: count() }).from(appointments).where(eq(appointments.id_cli, id)))[0]?.n;
  const salesOf = async (id: number) =>
    (await db.select({ n: count() }).from(sales).where(eq(sales.id_cli, id)))[0]?.n;

  it('replaces the personal fields and keeps the visits and sales', async () => {
    const owner = await clientWithHistory();
    const citasBefore = await citasOf(owner.id_cli);
    const salesBefore = await salesOf(owner.id_cli);
    expect([citasBefore, salesBefore]).toEqual([1, 1]);
    const [proofBefore] = await db
      .select({ comprobante: vaccines.comprobante })
      .from(vaccines)
      .where(eq(vaccines.id_perro, owner.petId));

    const res = await admin.raw('POST', `/cliente/${owner.id_cli}/anonimizar`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: null, message: 'Cliente anonimizado' });

    const [client] = await db.select().from(clients).where(eq(clients.id_cli, owner.id_cli));
    expect(client).toMatchObject({
      dni_cli: anonymizedDni(owner.id_cli),
      nom_cli: 'Cliente anonimizado',
      ape_cli: '',
      tel1_cli: '',
      tel2_cli: null,
      email_cli: '',
      dir_cli: '',
      id_est: 1,
    });
    expect(client?.search_text).not.toContain('rosa');
    const [pet] = await db.select().from(pets).where(eq(pets.id_perro, owner.petId));
    expect(pet).toMatchObject({ nom_perro: 'Firulais', notas_cuidado: '' });
    expect(pet?.owner_search).not.toContain(owner.dni);
    const [vaccine] = await db.select().from(vaccines).where(eq(vaccines.id_perro, owner.petId));
    expect(vaccine).toMatchObject({ nombre: 'Rabia', comprobante: null });
    const proofs = await db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.nombre, proofBefore?.comprobante ?? ''));
    expect(proofs).toEqual([]);
    const [cita] = await db.select().from(appointments).where(eq(appointments.id_cita, owner.cita));
    expect(cita).toMatchObject({ obs_perro: '', id_srv: bath, precio: '45.00' });
    const [triage] = await db.select().from(triages).where(eq(triages.id_cita, owner.cita));
    expect(triage).toMatchObject({ nota: '', peso: '12.50' });
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.id_cli, owner.id_cli));
    expect(entry).toMatchObject({ notas: '', id_est: 3 });
    // The deposit stays without its proof's picture; the report card without its notes.
    const [deposit] = await db.select().from(deposits).where(eq(deposits.id_cli, owner.id_cli));
    expect(deposit).toMatchObject({ monto: '20.00', operacion: '04512877', comprobante: null });
    const [card] = await db.select().from(reportCards).where(eq(reportCards.id_cita, owner.cita));
    expect(card).toMatchObject({ pelaje: 'enredado', notas: null });

    expect(await citasOf(owner.id_cli)).toBe(citasBefore);
    expect(await salesOf(owner.id_cli)).toBe(salesBefore);
    expect((await admin.get(`/venta/${owner.sale}`)).status).toBe(200);

    const audit = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.accion, 'anonimizar'), eq(auditEntries.entidad_id, owner.id_cli)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entidad: 'cliente', id_usu: 1, cambios: null });
    expect(JSON.stringify(audit[0])).not.toContain(owner.dni);

    // The client's file now says nothing of the person.
    const file = await download(ctx.app, adminToken, `/cliente/${owner.id_cli}/datos`);
    expect(file.headers['content-disposition']).toContain(
      `cliente-${anonymizedDni(owner.id_cli)}.json`,
    );
    expect(JSON.stringify(file.json<{ cliente: object }>().cliente)).not.toMatch(
      new RegExp(`${owner.dni}|Rosa|Huamán|987654321|correo|Arequipa`),
    );
    expect(file.body).not.toMatch(/Ana al 987111222|señora Rosa|Su esposo/);
  });

  it('scrubs the audit log and the outbox of the person, keeping who did what and when', async () => {
    const owner = await clientWithHistory();
    const email = `${owner.dni}@correo.pe`;
    // An export filtered by the client's DNI and name, and a mail for the client and another.
    const exported = await download(
      ctx.app,
      adminToken,
      `/clientes/export?formato=csv&search=${owner.dni}`,
    );
    expect(exported.statusCode).toBe(200);
    await db.insert(auditEntries).values({
      id_usu: 1,
      ip: '127.0.0.1',
      accion: 'exportar',
      entidad: 'cliente',
      detalle: 'Clientes (csv): search=rosa huaman',
    });
    await mkdir(outboxDir(ctx.dataDir), { recursive: true });
    const mail = (to: string) =>
      `From: Groomer <no-reply@huellitas.pe>\nTo:\n ${to}\nSubject: Recordatorio\n\nHola`;
    await writeFile(join(outboxDir(ctx.dataDir), 'a-client.eml'), mail(`Rosa <${email}>`));
    await writeFile(join(outboxDir(ctx.dataDir), 'b-other.eml'), mail('otra@correo.pe'));

    const about = or(
      and(eq(auditEntries.entidad, 'cliente'), eq(auditEntries.entidad_id, owner.id_cli)),
      and(eq(auditEntries.entidad, 'mascota'), eq(auditEntries.entidad_id, owner.petId)),
      and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, owner.cita)),
    );
    const before = await db.select().from(auditEntries).where(about);
    expect(JSON.stringify(before)).toContain(owner.dni);

    const res = await admin.raw('POST', `/cliente/${owner.id_cli}/anonimizar`);
    expect(res.status).toBe(200);

    const after = await db.select().from(auditEntries).where(about);
    // Every entry stays, with its action, user, time, entity and id; the fields that changed
    // are still named, their values are gone.
    for (const entry of before) {
      const kept = after.find((e) => e.id === entry.id);
      expect(kept).toMatchObject({
        accion: entry.accion,
        id_usu: entry.id_usu,
        at: entry.at,
        entidad: entry.entidad,
        entidad_id: entry.entidad_id,
      });
      expect(Object.keys(kept?.cambios ?? {})).toEqual(Object.keys(entry.cambios ?? {}));
    }
    const created = after.find((e) => e.accion === 'crear' && e.entidad === 'cliente');
    expect(created?.cambios?.dni_cli).toEqual({ antes: null, despues: '(anonimizado)' });
    expect(JSON.stringify(after)).not.toMatch(/Huamán|Rosa|Lince/);
    // Other entries keep their rows; a note that repeated the person has lost those words.
    const everything = JSON.stringify(await db.select().from(auditEntries));
    expect(everything).not.toMatch(new RegExp(`${owner.dni}|${email}|rosa huaman`, 'i'));
    expect(everything).toContain('Clientes (csv): search=(anonimizado) (anonimizado)');
    const [triage] = await db
      .select({ id: triages.id })
      .from(triages)
      .where(eq(triages.id_cita, owner.cita));
    const triageEntries = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'triaje'), eq(auditEntries.entidad_id, triage.id)));
    expect(triageEntries.length).toBeGreaterThan(0);
    expect(JSON.stringify(triageEntries)).not.toContain('Tranquilo');

    const mails = await outbox(ctx.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('otra@correo.pe');
  });

  it('refuses a client already anonymised', async () => {
    const owner = await registerOwner(admin);
    expect((await admin.raw('POST', `/cliente/${owner.id_cli}/anonimizar`)).status).toBe(200);
    const again = await admin.raw('POST', `/cliente/${owner.id_cli}/anonimizar`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: 'error', message: CLIENT_MESSAGES.alreadyAnonymized });
  });

  it('answers 404 for an unknown client', async () => {
    const res = await admin.raw('POST', '/cliente/999999/anonimizar');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CLIENT_MESSAGES.notFound);
  });

  it('is refused to recepcion and changes nothing', async () => {
    const owner = await registerOwner(admin);
    const res = await recepcion.raw('POST', `/cliente/${owner.id_cli}/anonimizar`);
    expect(res.status).toBe(403);
    const [client] = await db.select().from(clients).where(eq(clients.id_cli, owner.id_cli));
    expect(client?.dni_cli).toBe(owner.dni);
  });
});

describe('deleting a client with history', () => {
  it('is refused with a message that points to anonymisation', async () => {
    const owner = await registerOwner(admin);
    const res = await admin.delete(`/cliente/${owner.id_cli}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No se puede eliminar el cliente: tiene mascotas o reservas registradas. Para borrar sus datos personales, anonimícelo.',
    );
  });
});
