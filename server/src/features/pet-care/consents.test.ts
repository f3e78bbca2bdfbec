import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentStatus,
  CONSENT_MESSAGES as M,
  type AppointmentConsents,
  type Consent,
  type LinkedAppointment,
  type Signature,
} from '@app/domain';
import { auditEntries } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { pngImage } from '../../test/images';
import { createService, limaDay, registerOwner, type Owner } from '../../test/agenda';
import { createAppointmentLink } from '../online-booking';

const ctx = await setupTestApp();
let admin: ReturnType<typeof apiClient>;
let recepcion: ReturnType<typeof apiClient>;
let adminToken: string;
let shave: number;
let bath: number;
let matted: Consent;
let yearly: Consent;

const SIGNATURE = `data:image/png;base64,${pngImage().toString('base64')}`;

beforeAll(async () => {
  adminToken = await ctx.signIn();
  admin = apiClient(ctx.app, adminToken);
  recepcion = apiClient(ctx.app, await ctx.signIn('recepcion'));
  shave = await createService(ctx.database.db, 'Rapado de manto', '70.00');
  bath = await createService(ctx.database.db, 'Baño completo', '45.00');
});

let hour = 7;
async function book(owner: Owner, id_servicio: number) {
  hour += 1;
  const res = await recepcion.post('/cita/register', {
    fec_cita: `${limaDay(1)}T${String(hour).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id_cita as number;
}

const consentsOf = async (cita: number) =>
  (await recepcion.get(`/cita/${cita}/consentimientos`)).body.data as AppointmentConsents;

const sign = (id_consentimiento: number, id_perro: number, firma = SIGNATURE) =>
  recepcion.post('/consentimiento/firmar', {
    id_consentimiento,
    id_perro,
    firmante: 'Rosa Huamán Torres',
    firma,
  });

describe('the templates', () => {
  it('are the admin’s, say when they apply, and refuse what cannot be asked', async () => {
    // The agenda's statement is prepared once: a card read before any template is active says
    // Sin firmar as soon as one applies to it.
    const earlier = await book(await registerOwner(admin, 'Ana', 'Kira'), shave);
    const card = async () => {
      const agenda = await recepcion.get(`/agenda?desde=${limaDay(1)}&hasta=${limaDay(1)}`);
      const cards = agenda.body.data.citas as { id_cita: number; sin_firmar: boolean }[];
      return cards.find((c) => c.id_cita === earlier)?.sin_firmar;
    };
    expect(await card()).toBe(false);

    const refused = await admin.post('/consentimiento/register', {
      titulo: 'Rapado',
      texto: 'Corto',
      aplica: 'servicio',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ texto: [M.textMin], servicios: [M.itemsRequired] });
    const forbidden = await recepcion.post('/consentimiento/register', { titulo: 'X' });
    expect(forbidden.status).toBe(403);

    const created = await admin.post('/consentimiento/register', {
      titulo: 'Rapado de manto enredado',
      texto: 'Autorizo el rapado del manto de mi mascota por nudos que no se pueden desenredar.',
      aplica: 'servicio',
      servicios: [shave],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    matted = created.body.data as Consent;
    expect(matted).toMatchObject({ version: 1, servicios: [shave], paquetes: [] });
    expect(await card()).toBe(true);
    const annual = await admin.post('/consentimiento/register', {
      titulo: 'Manejo sin sedación',
      texto:
        'Entiendo que el salón no seda a las mascotas y que un perro nervioso puede resistirse.',
      aplica: 'anual',
      servicios: [bath],
    });
    yearly = annual.body.data as Consent;
    // Only a consent for services names them.
    expect(yearly.servicios).toEqual([]);
  });
});

describe('a cita', () => {
  it('is Sin firmar until its pet signs, and starting it asks for the signature or a reason', async () => {
    const owner = await registerOwner(admin, 'Rosa', 'Toby');
    const cita = await book(owner, shave);
    const asked = await consentsOf(cita);
    expect(asked.sin_firmar).toBe(true);
    expect(asked.consentimientos.map((c) => [c.titulo, c.firma])).toEqual([
      ['Rapado de manto enredado', null],
      ['Manejo sin sedación', null],
    ]);
    // A bath asks only the yearly one.
    const other = await book(owner, bath);
    expect((await consentsOf(other)).consentimientos.map((c) => c.titulo)).toEqual([
      'Manejo sin sedación',
    ]);

    const start = await admin.patch('/cita/estado', { cita, est: AppointmentStatus.EnProceso });
    expect(start.status).toBe(409);
    expect(start.body.message).toBe(
      M.unsignedToStart('Rapado de manto enredado, Manejo sin sedación'),
    );
    // `motivo` is what would let it start: the screens ask for it.
    expect(start.body.errors).toEqual({ motivo: [start.body.message] });

    const notPng = await sign(matted.id_consentimiento, owner.petId, 'data:image/png;base64,AAAA');
    expect(notPng.status).toBe(422);
    expect(notPng.body.errors.firma).toEqual([M.signatureInvalid]);
    const signed = await sign(matted.id_consentimiento, owner.petId);
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const signature = signed.body.data as Signature;
    expect(signature).toMatchObject({
      version: 1,
      firmante: 'Rosa Huamán Torres',
      testigo: 'recepcion',
    });
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api${signature.pdf_url.replace(/^\/api/, '')}`,
      headers: { authorization: adminToken },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The agenda's card says it too, by the same rule.
    const shown = async () => {
      const day = limaDay(1);
      const agenda = await recepcion.get(`/agenda?desde=${day}&hasta=${day}`);
      return (agenda.body.data.citas as { id_cita: number; sin_firmar: boolean }[]).find(
        (c) => c.id_cita === cita,
      )?.sin_firmar;
    };
    // And the Citas list's row, by the visit's day (the page's ids first, then its rows) and
    // unfiltered (one statement).
    const listed = async () => {
      const day = limaDay(1);
      const [byDay, unfiltered] = await Promise.all(
        [`/citas?desde=${day}&hasta=${day}&per_page=50`, '/citas?per_page=100'].map(
          async (path) =>
            (
              (await recepcion.get(path)).body.data.data as {
                id_cita: number;
                sin_firmar?: boolean;
              }[]
            ).find((c) => c.id_cita === cita)?.sin_firmar,
        ),
      );
      expect(unfiltered).toBe(byDay);
      return byDay;
    };
    expect(await shown()).toBe(true);
    expect(await listed()).toBe(true);
    await sign(yearly.id_consentimiento, owner.petId);
    expect((await consentsOf(cita)).sin_firmar).toBe(false);
    expect(await shown()).toBe(false);
    expect(await listed()).toBe(false);
    const pets = (await recepcion.get(`/perro/${owner.petId}/firmas`)).body.data as Signature[];
    expect(pets).toHaveLength(2);

    // A changed text is asked again; a changed title alone is not.
    const renamed = await admin.put('/consentimiento', {
      id: matted.id_consentimiento,
      titulo: 'Rapado por nudos',
      texto: matted.texto,
      aplica: 'servicio',
      servicios: [shave],
    });
    expect(renamed.body.data.version).toBe(1);
    expect((await consentsOf(cita)).sin_firmar).toBe(false);
    const reworded = await admin.put('/consentimiento', {
      id: matted.id_consentimiento,
      titulo: 'Rapado por nudos',
      texto: `${matted.texto} El pelo vuelve a crecer en unas semanas.`,
      aplica: 'servicio',
      servicios: [shave],
    });
    expect(reworded.body.data.version).toBe(2);
    const again = await consentsOf(cita);
    expect(again.sin_firmar).toBe(true);
    expect(again.consentimientos[0]).toMatchObject({ version: 2, firma: null });

    // A groomer may start it anyway, saying why: audited.
    const anyway = await admin.patch('/cita/estado', {
      cita,
      est: AppointmentStatus.EnProceso,
      motivo: 'La dueña firmó en papel',
    });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(200);
    const entries = await ctx.database.db
      .select({ detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'cita'), eq(auditEntries.entidad_id, cita)));
    const audited = entries.find((entry) => entry.detalle?.startsWith(M.startReason));
    expect(audited?.detalle).toBe(`${M.startReason} (Rapado por nudos): La dueña firmó en papel`);
  });

  it('asks a first-visit consent only until the pet has a completed visit', async () => {
    const first = await admin.post('/consentimiento/register', {
      titulo: 'Primera visita',
      texto: 'Declaro que mi mascota no tiene enfermedades contagiosas y sus vacunas están al día.',
      aplica: 'primera_visita',
    });
    expect(first.status).toBe(201);
    const owner = await registerOwner(admin, 'Luis', 'Rocky');
    const visit = await book(owner, bath);
    expect((await consentsOf(visit)).consentimientos.map((c) => c.titulo)).toContain(
      'Primera visita',
    );
    await admin.patch('/cita/estado', {
      cita: visit,
      est: AppointmentStatus.Completada,
    });
    hour += 1;
    const later = await recepcion.post('/cita/register', {
      fec_cita: `${limaDay(3)}T10:00`,
      dni_cli: owner.dni,
      id_perro: owner.petId,
      id_servicio: bath,
      fech_reg: limaDay(0),
      obs: 'Sin observaciones',
    });
    expect(
      (await consentsOf(later.body.data.id_cita)).consentimientos.map((c) => c.titulo),
    ).not.toContain('Primera visita');
  });
});

describe('signing from the cita’s link', () => {
  const linked = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/public/cita/${token}` });
  const signFromLink = (token: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/public/cita/${token}/firmar`,
      payload: body,
    });

  it('shows the consents the visit asks and lets the owner sign them, unwitnessed and audited', async () => {
    const owner = await registerOwner(admin, 'Carmen', 'Luna');
    const cita = await book(owner, shave);
    const token = await ctx.database.db.transaction((tx) =>
      createAppointmentLink(tx, cita, new Date(Date.now() + 86_400_000)),
    );
    const page = (await linked(token)).json().data as LinkedAppointment;
    const asked = page.consentimientos.find((c) => c.titulo === 'Rapado por nudos');
    expect(asked).toMatchObject({ firmado: false, version: 2 });
    expect(asked?.texto).toContain('El pelo vuelve a crecer');

    const unknown = await signFromLink('x'.repeat(43), {
      id_consentimiento: asked?.id_consentimiento,
      firmante: 'Carmen Rojas',
      firma: SIGNATURE,
    });
    expect(unknown.statusCode).toBe(404);
    const blank = await signFromLink(token, { id_consentimiento: asked?.id_consentimiento });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toMatchObject({
      firmante: [M.signerRequired],
      firma: [M.signatureRequired],
    });
    const notAsked = await signFromLink(token, {
      id_consentimiento: 999_999,
      firmante: 'Carmen Rojas',
      firma: SIGNATURE,
    });
    expect(notAsked.statusCode).toBe(422);
    expect(notAsked.json().errors).toEqual({ id_consentimiento: [M.notAsked] });

    const signed = await signFromLink(token, {
      id_consentimiento: asked?.id_consentimiento,
      firmante: 'Carmen Rojas',
      firma: SIGNATURE,
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const after = signed.json().data as LinkedAppointment;
    expect(after.consentimientos.find((c) => c.titulo === 'Rapado por nudos')?.firmado).toBe(true);
    const twice = await signFromLink(token, {
      id_consentimiento: asked?.id_consentimiento,
      firmante: 'Carmen Rojas',
      firma: SIGNATURE,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadySigned);

    // On file like one signed at the counter, with no witness; the staff find it on the client.
    const ofClient = (await recepcion.get(`/cliente/${owner.id_cli}/firmas`)).body
      .data as Signature[];
    expect(ofClient).toHaveLength(1);
    expect(ofClient[0]).toMatchObject({ firmante: 'Carmen Rojas', testigo: null, mascota: 'Luna' });
    const [entry] = await ctx.database.db
      .select({ login: auditEntries.login, detalle: auditEntries.detalle })
      .from(auditEntries)
      .where(and(eq(auditEntries.entidad, 'firma'), eq(auditEntries.entidad_id, ofClient[0].id)));
    expect(entry).toEqual({ login: 'público', detalle: M.signedFromLink });
    expect((await recepcion.get('/cliente/999999/firmas')).status).toBe(404);

    // Once the visit has started, the link signs nothing more.
    await admin.patch('/cita/estado', {
      cita,
      est: AppointmentStatus.EnProceso,
      motivo: 'Firmará el anual en el local',
    });
    const started = await signFromLink(token, {
      id_consentimiento: yearly.id_consentimiento,
      firmante: 'Carmen Rojas',
      firma: SIGNATURE,
    });
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(M.linkClosed);
  });
});
