import { storedNames } from '../../test/files';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES as M } from '@app/domain';
import { setupTestApp } from '../../test/app';
import { createService, limaDay, registerGroomer, registerOwner } from '../../test/agenda';
import { answerOf, apiClient } from '../../test/http';
import { gifImage, multipartBody, pngImage } from '../../test/images';

const ctx = await setupTestApp();
let token: string;
let api: ReturnType<typeof apiClient>;
let service: number;

beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
  service = await createService(ctx.database.db, 'Baño fotos', '35.00');
});

let hour = 8;
/** A cita of a new client, with a groomer when given. */
async function bookCita(id_emp: number | null = null) {
  const owner = await registerOwner(api, 'Fotos');
  hour += 1;
  const res = await api.post('/cita/register', {
    fec_cita: `${limaDay(2)}T${String(hour % 24).padStart(2, '0')}:00`,
    dni_cli: owner.dni,
    id_perro: owner.petId,
    id_servicio: service,
    fech_reg: limaDay(0),
    obs: 'Sin observaciones',
    id_emp,
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id_cita as number;
}

async function addPhoto(
  body: object,
  { bytes = pngImage(), as = token }: { bytes?: Buffer | null; as?: string } = {},
) {
  const { payload, contentType } = await multipartBody(
    { json: JSON.stringify(body) },
    bytes ? [{ name: 'foto', filename: 'foto.png', type: 'image/png', bytes }] : [],
  );
  return answerOf(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cita/foto',
      headers: { 'content-type': contentType, authorization: as },
      payload,
    }),
  );
}

describe('before and after photos (decisions §photos)', () => {
  it('adds up to four photos, serves them, refuses a fifth and deletes one', async () => {
    const cita = await bookCita();
    const before = await addPhoto({ id_cita: cita, momento: 'antes' });
    expect(before.status).toBe(201);
    expect(before.body).toMatchObject({ message: M.added, data: { momento: 'antes' } });
    const url = before.body.data.url as string;
    expect(url).toMatch(/^\/api\/fotos\/foto-[\w-]+\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pngImage())).toBe(true);

    for (let i = 0; i < 3; i++) {
      expect(
        (await addPhoto({ id_cita: cita, momento: 'despues' }, { bytes: gifImage() })).status,
      ).toBe(201);
    }
    const fifth = await addPhoto({ id_cita: cita, momento: 'despues' });
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toBe(M.full);

    const list = await api.get(`/cita/${cita}/fotos`);
    expect(list.body.data.map((p: { momento: string }) => p.momento)).toEqual([
      'antes',
      'despues',
      'despues',
      'despues',
    ]);

    const id = before.body.data.id_foto as number;
    expect((await api.delete(`/cita/foto/${id}`)).body.message).toBe(M.removed);
    expect(await storedNames(ctx.database.db, url.split('/').pop())).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await api.get(`/cita/${cita}/fotos`)).body.data).toHaveLength(3);
  });

  it('gives four places to six uploads sent at once', async () => {
    const cita = await bookCita();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => addPhoto({ id_cita: cita, momento: 'antes' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 201, 409, 409]);
    expect((await api.get(`/cita/${cita}/fotos`)).body.data).toHaveLength(4);
  });

  it.each([
    [{ momento: 'durante' }, pngImage(), 'momento', M.momentInvalid],
    [{}, Buffer.from('no soy una foto'), 'foto', M.photoNotImage],
    [{}, null, 'foto', M.photoRequired],
    [{ id_cita: 999_999 }, pngImage(), 'id_cita', M.appointmentNotFound],
  ])(
    'refuses %j with a message on the field and keeps nothing',
    async (extra, bytes, field, message) => {
      const cita = await bookCita();
      const res = await addPhoto({ id_cita: cita, momento: 'antes', ...extra }, { bytes });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
      expect((await api.get(`/cita/${cita}/fotos`)).body.data).toEqual([]);
    },
  );

  it("lets a groomer photograph an unassigned cita but not another groomer's", async () => {
    const groomerToken = await ctx.signIn('groomer');
    const other = await registerGroomer(api, 'Otra');
    const theirs = await bookCita(other.id_emp);
    const refused = await addPhoto({ id_cita: theirs, momento: 'antes' }, { as: groomerToken });
    expect(refused.status).toBe(403);
    expect((await api.get(`/cita/${theirs}/fotos`)).body.data).toEqual([]);

    const unassigned = await bookCita();
    const added = await addPhoto({ id_cita: unassigned, momento: 'antes' }, { as: groomerToken });
    expect(added.status).toBe(201);
  });
});
