import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  AppointmentStatus,
  REPORT_CARD_MESSAGES as M,
  type PetTimeline,
  type PublicReportCard,
  type RemindersDay,
} from '@app/domain';
import { dayText } from '../../crud/export';
import { appointmentPhotos, clients, reportCards } from '../../db/schema';
import { storeUpload } from '../../http/uploads';
import { setupTestApp } from '../../test/app';
import { answerOf, apiClient } from '../../test/http';
import { linkOf, mailText, nextMail, outbox } from '../../test/mail';
import { pngImage } from '../../test/images';
import { createService, limaDay, registerGroomer, registerOwner } from '../../test/agenda';

const ctx = await setupTestApp();
const { db } = ctx.database;
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let bath: number;
let groomer: number;

beforeAll(async () => {
  admin = apiClient(ctx.app, await ctx.signIn());
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  bath = await createService(db, 'Baño completo', '45.00');
  groomer = (await registerGroomer(admin, 'Ana')).id_emp;
});

let address = 0;
const publicGet = async (url: string) =>
  answerOf(
    await ctx.app.inject({
      method: 'GET',
      url: `/api/public${url}`,
      remoteAddress: `10.38.0.${++address}`,
    }),
  );

const CARD = {
  pelaje: 'enredado',
  trabajos: ['Baño con champú de avena', 'Corte de uñas', 'Limpieza de oídos'],
  comportamiento: 4,
  notas: 'Se portó muy bien; tenía nudos detrás de las orejas.',
  proxima_semanas: 4,
};

describe('a report card', () => {
  it('is filled once the visit is under way, and its public page shows the visit alone', async () => {
    const owner = await registerOwner(admin, 'Rosa', 'Toby');
    const day = limaDay(1);
    const booked = await recepcion.post('/cita/register', {
      fec_cita: `${day}T10:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      id_emp: groomer,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const cita = booked.body.data.id_cita as number;
    const early = await recepcion.post(`/cita/${cita}/ficha`, CARD);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(M.notAttended);
    await admin.patch('/cita/estado', { cita, est: AppointmentStatus.EnProceso });

    const refused = await recepcion.post(`/cita/${cita}/ficha`, {
      ...CARD,
      trabajos: [],
      comportamiento: 6,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      trabajos: [M.workRequired],
      comportamiento: [M.behaviourInvalid],
    });

    const saved = await recepcion.post(`/cita/${cita}/ficha`, CARD);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({
      pelaje: 'enredado',
      proxima_fecha: addDays(day, 28),
    });
    const url = saved.body.data.url as string;
    const token = /\/ficha\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];
    expect(token, url).toBeDefined();
    expect((await recepcion.get(`/cita/${cita}/ficha`)).body.data).not.toHaveProperty('url');
    // The pet's history marks the visit that has one.
    const history = (await recepcion.get(`/perro/${owner.petId}/historial`)).body
      .data as PetTimeline;
    expect(history.visitas.map((v) => [v.id_cita, v.ficha])).toEqual([[cita, true]]);

    // The visit's photo shows on the page, through the card's own address.
    const archivo = await storeUpload(db, 'foto', 'png', pngImage());
    const [photo] = await db
      .insert(appointmentPhotos)
      .values({ id_cita: cita, momento: 'despues', archivo, id_usu: 1 })
      .returning({ id: appointmentPhotos.id_foto });
    const page = await publicGet(`/ficha/${token}`);
    expect(page.status).toBe(200);
    const card = page.body.data as PublicReportCard;
    expect(card).toMatchObject({
      mascota: 'Toby',
      fecha: day,
      servicio: 'Baño completo',
      groomer: 'Ana',
      trabajos: CARD.trabajos,
      proxima_fecha: addDays(day, 28),
      fotos: [{ momento: 'despues', url: `/api/public/ficha/${token}/foto/${photo.id}` }],
    });
    expect(JSON.stringify(card)).not.toContain(owner.dni);
    expect(JSON.stringify(card)).not.toContain('Huamán');
    const picture = await ctx.app.inject({ method: 'GET', url: card.fotos[0].url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // The day it suggested, the desk is told to invite Toby back, until a visit is booked.
    const due = async (fecha: string) =>
      ((await recepcion.get(`/recordatorios?fecha=${fecha}`)).body.data as RemindersDay).por_volver;
    const [comeBack] = await due(addDays(day, 28));
    expect(comeBack).toMatchObject({ nom_perro: 'Toby', proxima_fecha: addDays(day, 28) });
    expect(comeBack.mensaje).toContain('a Toby le toca su Baño completo');
    expect(comeBack.whatsapp_url).toMatch(/^https:\/\/wa\.me\/51\d{9}\?text=/);
    expect(await due(addDays(day, 20))).toEqual([]);
    const next = await recepcion.post('/cita/register', {
      fec_cita: `${addDays(day, 30)}T10:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(await due(addDays(day, 28))).toEqual([]);

    // Written again, it gets a new address: the old one no longer opens. This time it is also
    // e-mailed to the owner, with its link.
    const seen = (await outbox(ctx.dataDir)).length;
    const again = await recepcion.post(`/cita/${cita}/ficha`, {
      ...CARD,
      comportamiento: 5,
      correo: true,
    });
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(M.savedAndMailed(`${owner.dni}@correo.pe`));
    expect(again.body.data.enviado_a).toBe(`${owner.dni}@correo.pe`);
    const mail = await nextMail(ctx.dataDir, seen);
    expect(mail).toMatch(new RegExp(`^To: ${owner.dni}@correo.pe$`, 'm'));
    expect(linkOf(mail).toString()).toBe(again.body.data.url);
    expect(mailText(mail)).toContain(`Le sugerimos volver el ${dayText(addDays(day, 28))}`);
    expect((await publicGet(`/ficha/${token}`)).status).toBe(404);
    const newToken = /\/ficha\/(.+)$/.exec(again.body.data.url as string)?.[1] ?? '';

    // A client without an e-mail: the card is not saved, and the field says why.
    await db.update(clients).set({ email_cli: '' }).where(eq(clients.id_cli, owner.id_cli));
    const noMail = await recepcion.post(`/cita/${cita}/ficha`, { ...CARD, correo: true });
    expect(noMail.status).toBe(422);
    expect(noMail.body.errors).toEqual({ correo: [M.noEmail] });
    expect((await publicGet(`/ficha/${newToken}`)).status).toBe(200);
    expect((await publicGet(`/ficha/${newToken}`)).body.data.comportamiento).toBe(5);

    // Expired, or any other token: the same 404.
    await db
      .update(reportCards)
      .set({ vence: new Date(Date.now() - 1000) })
      .where(eq(reportCards.id_cita, cita));
    const expired = await publicGet(`/ficha/${newToken}`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toBe(M.linkInvalid);
    expect((await publicGet(`/ficha/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await publicGet(`/ficha/${newToken}/foto/${photo.id}`)).status).toBe(404);
  });
});
