import { storedNames } from '../../test/files';
import { beforeAll, describe, expect, it } from 'vitest';
import { VACCINE_MESSAGES as M } from '@app/domain';
import { setupTestApp } from '../../test/app';
import { limaDay, registerOwner, type Owner } from '../../test/agenda';
import { answerOf, apiClient } from '../../test/http';
import { multipartBody, pngImage } from '../../test/images';

const ctx = await setupTestApp();
let token: string;
let api: ReturnType<typeof apiClient>;
let owner: Owner;

beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
  owner = await registerOwner(api, 'Vacunas');
});

/** A vaccine sent as the form sends it: multipart with `json` and, maybe, the proof picture. */
async function sendVaccine(
  body: object,
  {
    proof,
    method = 'POST',
    as = token,
  }: { proof?: Buffer; method?: 'POST' | 'PUT'; as?: string } = {},
) {
  const { payload, contentType } = await multipartBody(
    { json: JSON.stringify(body) },
    proof ? [{ name: 'comprobante', filename: 'carnet.png', type: 'image/png', bytes: proof }] : [],
  );
  const res = await ctx.app.inject({
    method,
    url: method === 'POST' ? '/api/vacuna/register' : '/api/vacuna',
    headers: { 'content-type': contentType, authorization: as },
    payload,
  });
  return answerOf(res);
}

const rabies = (extra: object = {}) => ({
  id_perro: owner.petId,
  nombre: 'Antirrábica',
  fecha_aplicacion: limaDay(-300),
  fecha_vence: limaDay(65),
  ...extra,
});

describe('vaccines (decisions §vaccines)', () => {
  it('registers a vaccine with its proof, serves the picture, edits, lists and deletes it', async () => {
    const created = await sendVaccine(rabies(), { proof: pngImage() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: M.registered,
      data: { nombre: 'Antirrábica', fecha_vence: limaDay(65), estado: null },
    });
    const url = created.body.data.comprobante_url as string;
    expect(url).toMatch(/^\/api\/vacunas\/comprobante\/vacuna-[\w-]+\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pngImage())).toBe(true);

    const id = created.body.data.id_vac as number;
    const edited = await sendVaccine(
      { ...rabies({ fecha_vence: limaDay(10) }), id, removeComprobante: true },
      { method: 'PUT' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ estado: 'por_vencer', comprobante_url: null });
    expect(await storedNames(ctx.database.db, url.split('/').pop())).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const list = await api.get(`/perro/${owner.petId}/vacunas`);
    expect(list.body.data).toEqual([expect.objectContaining({ id_vac: id, estado: 'por_vencer' })]);
    const pet = await api.get(`/mascota/${owner.petId}`);
    expect(pet.body.data.vacunas).toBe('por_vencer');

    expect((await api.delete(`/vacuna/${id}`)).body.message).toBe(M.removed);
    expect((await api.get(`/perro/${owner.petId}/vacunas`)).body.data).toEqual([]);
    // The state kept on the pet follows a removal too (migration 0023's triggers).
    expect((await api.get(`/mascota/${owner.petId}`)).body.data.vacunas).toBeNull();
    expect((await api.delete(`/vacuna/${id}`)).status).toBe(404);
  });

  it.each([
    [-1, 'vencida'],
    [0, 'por_vencer'],
    [30, 'por_vencer'],
    [31, null],
  ])('a vaccine that expires %i days from today is %s', async (days, estado) => {
    const other = await registerOwner(api, 'Estado');
    const res = await sendVaccine(rabies({ id_perro: other.petId, fecha_vence: limaDay(days) }));
    expect(res.body.data.estado).toBe(estado);
    // The pet's state, computed by the database, agrees.
    expect((await api.get(`/mascota/${other.petId}`)).body.data.vacunas).toBe(estado);
  });

  it('takes only the latest dose of each vaccine for the pet: a renewed one is no longer expired', async () => {
    const other = await registerOwner(api, 'Renovada');
    await sendVaccine(
      rabies({ id_perro: other.petId, fecha_aplicacion: limaDay(-400), fecha_vence: limaDay(-35) }),
    );
    expect((await api.get(`/mascota/${other.petId}`)).body.data.vacunas).toBe('vencida');
    await sendVaccine(
      rabies({
        id_perro: other.petId,
        nombre: 'ANTIRRÁBICA',
        fecha_aplicacion: limaDay(-30),
        fecha_vence: limaDay(335),
      }),
    );
    expect((await api.get(`/mascota/${other.petId}`)).body.data.vacunas).toBeNull();
    // The dashboard's card lists what is due this month, not the renewed one.
    const due = await api.get('/vacunas/por-vencer');
    expect(due.body.data.vacunas.map((v: { id_perro: number }) => v.id_perro)).not.toContain(
      other.petId,
    );
  });

  it("lists the pets whose vaccines expire by the month's end on the dashboard's card", async () => {
    const other = await registerOwner(api, 'Tablero');
    await sendVaccine(
      rabies({ id_perro: other.petId, nombre: 'Séxtuple', fecha_vence: limaDay(-2) }),
    );
    const due = await api.get('/vacunas/por-vencer');
    expect(due.body.data.total).toBeGreaterThanOrEqual(1);
    expect(due.body.data.vacunas).toContainEqual(
      expect.objectContaining({ id_perro: other.petId, nombre: 'Séxtuple', estado: 'vencida' }),
    );
  });

  it.each([
    [{ nombre: '' }, 'nombre', M.nameRequired],
    [{ fecha_aplicacion: limaDay(1) }, 'fecha_aplicacion', M.appliedFuture],
    [{ fecha_aplicacion: '2026-02-30' }, 'fecha_aplicacion', M.appliedInvalid],
    [{ fecha_vence: limaDay(-301) }, 'fecha_vence', M.expiresBefore],
    [{ id_perro: 999_999 }, 'id_perro', M.petNotFound],
  ])('refuses %j with a message on the field and stores nothing', async (extra, field, message) => {
    const other = await registerOwner(api, 'Refusal');
    const res = await sendVaccine(rabies({ id_perro: other.petId, ...extra }), {
      proof: pngImage(),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await api.get(`/perro/${other.petId}/vacunas`)).body.data).toEqual([]);
  });

  it('refuses a proof that is not an image by its content', async () => {
    const res = await sendVaccine(rabies(), { proof: Buffer.from('MZ not a picture at all') });
    expect(res.status).toBe(422);
    expect(res.body.errors.comprobante).toEqual([M.proofNotImage]);
  });

  it('lets a groomer record a vaccine', async () => {
    const groomer = await ctx.signIn('groomer');
    const res = await sendVaccine(rabies({ nombre: 'Parvovirus' }), { as: groomer });
    expect(res.status).toBe(201);
  });
});
