import { and, desc, eq } from 'drizzle-orm';
import {
  can,
  NOTIFICATION_LINKS,
  NOTIFICATION_TEXTS,
  VACCINE_PROPOSAL_MESSAGES as M,
  type Permission,
  type Role,
  type VaccineProposalRow,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, clients, pets, vaccineProposals, vaccines } from '../../db/schema';
import { storeUpload } from '../../http/uploads';
import { limaDay, nextDni } from '../../test/agenda';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { pngImage } from '../../test/images';
import { notificationsFor } from '../notifications';

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let groomer: ReturnType<typeof apiClient>;
let rosa: Owner;
let carlos: Owner;

interface Owner {
  id_cli: number;
  petId: number;
}

/** A client with one pet, straight into the database: the clients' API is not what is tested. */
async function owner(nom_cli: string, nom_perro: string): Promise<Owner> {
  const [client] = await db
    .insert(clients)
    .values({
      nom_cli,
      ape_cli: 'Huamán Torres',
      dni_cli: nextDni(),
      tel1_cli: '987654321',
      email_cli: `${nom_cli.toLowerCase()}@correo.pe`,
      dir_cli: 'Av. Arequipa 1234, Lince',
    })
    .returning({ id_cli: clients.id_cli });
  const [pet] = await db
    .insert(pets)
    .values({ nom_perro, raza_perro: 'Mestizo', id_cli: client.id_cli })
    .returning({ id_perro: pets.id_perro });
  return { id_cli: client.id_cli, petId: pet.id_perro };
}

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  groomer = apiClient(ctx.app, await ctx.signIn('groomer'));
  rosa = await owner('Rosa', 'Firulais');
  carlos = await owner('Carlos', 'Bobby');
});

/** A card as the portal leaves it: its picture stored, the row pending. */
async function proposal(owner: Owner, nombre: string, createdAt = new Date()): Promise<number> {
  const comprobante = await storeUpload(db, 'carne', 'png', pngImage());
  const [row] = await db
    .insert(vaccineProposals)
    .values({
      id_perro: owner.petId,
      nombre,
      fecha_aplicacion: limaDay(-20),
      fecha_vence: limaDay(345),
      comprobante,
      created_at: createdAt,
    })
    .returning({ id: vaccineProposals.id });
  return row.id;
}

const stored = async (id: number) => {
  const [row] = await db.select().from(vaccineProposals).where(eq(vaccineProposals.id, id));
  return row;
};

const accept = (api: ReturnType<typeof apiClient>, id: number) =>
  api.raw('POST', `/vacuna-propuesta/${id}/aceptar`);
const reject = (api: ReturnType<typeof apiClient>, id: number, body: object) =>
  api.raw('POST', `/vacuna-propuesta/${id}/rechazar`, body);

const lastEntry = async (entidad: 'vacuna' | 'carne_vacuna', id: number) => {
  const [entry] = await db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.entidad, entidad), eq(auditEntries.entidad_id, id)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
};

const bellFor = (role: Role) =>
  notificationsFor(db, (permission: Permission) => can(role, permission));

describe('Carnés por revisar (DESIGN §11.5)', () => {
  it('lists the pending cards oldest first, with pet, owner and picture, and the bell counts them', async () => {
    const newer = await proposal(carlos, 'Séxtuple');
    const older = await proposal(rosa, 'Antirrábica', new Date(Date.now() - 3_600_000));
    const answered = await proposal(rosa, 'Tos de las perreras');
    await db
      .update(vaccineProposals)
      .set({ estado: 'rechazada', motivo: 'Ilegible' })
      .where(eq(vaccineProposals.id, answered));

    const res = await groomer.get('/vacunas-propuestas');
    expect(res.status).toBe(200);
    const rows: VaccineProposalRow[] = res.body.data;
    expect(rows.map((r) => r.id)).toEqual([older, newer]);
    expect(rows[0]).toMatchObject({
      id_perro: rosa.petId,
      nom_perro: 'Firulais',
      id_cli: rosa.id_cli,
      cliente: 'Rosa Huamán Torres',
      tel1_cli: '987654321',
      nombre: 'Antirrábica',
      fecha_aplicacion: limaDay(-20),
      fecha_vence: limaDay(345),
    });
    expect(rows[0].comprobante_url).toBe(
      `/api/vacunas-propuestas/comprobante/${rows[0].comprobante}`,
    );

    // The picture is served to an <img> (no credential), by its unguessable name only.
    const picture = await ctx.app.inject({ method: 'GET', url: rows[0].comprobante_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(pngImage())).toBe(true);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/vacunas-propuestas/comprobante/carne-otro.png',
    });
    expect(unknown.statusCode).toBe(404);

    for (const role of ['admin', 'recepcion', 'groomer'] as const) {
      expect((await bellFor(role)).items).toContainEqual({
        tipo: 'carnes_por_revisar',
        texto: NOTIFICATION_TEXTS.vaccineProposals(2),
        enlace: NOTIFICATION_LINKS.vaccineProposals,
        cantidad: 2,
      });
    }
    expect(NOTIFICATION_TEXTS.vaccineProposals(2)).toBe('Carnés de vacunas por revisar: 2');

    // Clean up for the tests below.
    expect((await accept(admin, older)).status).toBe(200);
    expect((await reject(admin, newer, { motivo: 'No se lee la fecha' })).status).toBe(200);
    expect((await bellFor('admin')).items.map((i) => i.tipo)).not.toContain('carnes_por_revisar');
  });

  it('accepts a card: the vaccine is registered with the card as proof, linked and audited', async () => {
    const id = await proposal(rosa, 'Antirrábica');
    const card = await stored(id);
    const res = await accept(groomer, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.accepted);
    expect(res.body.data).toMatchObject({
      id_perro: rosa.petId,
      nombre: 'Antirrábica',
      fecha_aplicacion: limaDay(-20),
      fecha_vence: limaDay(345),
      estado: null,
      comprobante_url: `/api/vacunas/comprobante/${card.comprobante}`,
    });
    const id_vac = res.body.data.id_vac as number;
    const [vaccine] = await db.select().from(vaccines).where(eq(vaccines.id_vac, id_vac));
    expect(vaccine).toMatchObject({ id_perro: rosa.petId, comprobante: card.comprobante });
    expect(await stored(id)).toMatchObject({ estado: 'aceptada', id_vac, motivo: null });
    expect((await stored(id)).id_usu).not.toBeNull();

    // The pet's vaccines show it, and its proof is the card's picture.
    const list = await admin.get(`/perro/${rosa.petId}/vacunas`);
    expect(list.body.data.map((v: { id_vac: number }) => v.id_vac)).toContain(id_vac);
    const proof = await ctx.app.inject({ method: 'GET', url: res.body.data.comprobante_url });
    expect(proof.statusCode).toBe(200);

    expect(await lastEntry('vacuna', id_vac)).toMatchObject({
      accion: 'crear',
      detalle: `Desde el carné de vacunas N.º ${id} enviado por el cliente`,
    });
    const entry = await lastEntry('carne_vacuna', id);
    expect(entry).toMatchObject({ accion: 'estado' });
    expect(entry.cambios).toEqual({
      estado: { antes: 'pendiente', despues: 'aceptada' },
      id_vac: { antes: null, despues: id_vac },
    });
    expect((await admin.get('/vacunas-propuestas')).body.data).toEqual([]);
  });

  it('rejects a card with a reason, kept for the client; no vaccine is registered', async () => {
    const id = await proposal(carlos, 'Parvovirus');
    const before = await db.select().from(vaccines).where(eq(vaccines.id_perro, carlos.petId));
    const res = await reject(admin, id, { motivo: '  La foto está borrosa  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: null, message: M.rejected });
    expect(await stored(id)).toMatchObject({
      estado: 'rechazada',
      motivo: 'La foto está borrosa',
      id_vac: null,
    });
    const after = await db.select().from(vaccines).where(eq(vaccines.id_perro, carlos.petId));
    expect(after).toEqual(before);
    expect((await lastEntry('carne_vacuna', id)).cambios).toEqual({
      estado: { antes: 'pendiente', despues: 'rechazada' },
      motivo: { antes: null, despues: 'La foto está borrosa' },
    });
  });

  it('asks for the reason of a rejection, and changes nothing without one', async () => {
    const id = await proposal(carlos, 'Moquillo');
    for (const body of [{}, { motivo: '   ' }, { motivo: 'x'.repeat(201) }, { motivo: 5 }]) {
      const res = await reject(admin, id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors.motivo).toBeDefined();
    }
    expect((await reject(admin, id, {})).body.errors.motivo).toEqual([M.reasonRequired]);
    expect((await reject(admin, id, { motivo: 'x'.repeat(201) })).body.errors.motivo).toEqual([
      M.reasonMax,
    ]);
    expect(await stored(id)).toMatchObject({ estado: 'pendiente', motivo: null });
    expect((await reject(admin, id, { motivo: 'Duplicado' })).status).toBe(200);
  });

  it('answers a card only once (409), and 404 for one that does not exist', async () => {
    const id = await proposal(rosa, 'Leptospirosis');
    expect((await accept(admin, id)).status).toBe(200);
    const count = async () =>
      (await db.select().from(vaccines).where(eq(vaccines.id_perro, rosa.petId))).length;
    const vaccinesBefore = await count();
    const again = await accept(groomer, id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.notPending);
    const late = await reject(admin, id, { motivo: 'Tarde' });
    expect(late.status).toBe(409);
    expect(await count()).toBe(vaccinesBefore);
    expect(await stored(id)).toMatchObject({ estado: 'aceptada', motivo: null });

    const rejected = await proposal(rosa, 'Giardia');
    expect((await reject(admin, rejected, { motivo: 'Ilegible' })).status).toBe(200);
    expect((await accept(admin, rejected)).status).toBe(409);
    expect(await count()).toBe(vaccinesBefore);

    expect((await accept(admin, 999_999)).body.message).toBe(M.notFound);
    expect((await accept(admin, 999_999)).status).toBe(404);
    expect((await reject(admin, 999_999, { motivo: 'No existe' })).status).toBe(404);
  });

  it('is for signed-in staff only', async () => {
    const id = await proposal(rosa, 'Coronavirus');
    for (const [method, url] of [
      ['GET', '/api/vacunas-propuestas'],
      ['POST', `/api/vacuna-propuesta/${id}/aceptar`],
      ['POST', `/api/vacuna-propuesta/${id}/rechazar`],
    ] as const) {
      const res = await ctx.app.inject(
        method === 'GET' ? { method, url } : { method, url, payload: { motivo: 'x' } },
      );
      expect(res.statusCode).toBe(401);
    }
    expect(await stored(id)).toMatchObject({ estado: 'pendiente' });
  });
});
