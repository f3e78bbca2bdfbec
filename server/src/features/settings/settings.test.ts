import { storedNames } from '../../test/files';
import {
  DEFAULT_OPENING_HOURS,
  DEFAULT_REMINDER_TEMPLATE,
  type BrandInfo,
  type Settings,
} from '@app/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema';
import { setupTestApp } from '../../test/app';
import { apiClient } from '../../test/http';
import { gifImage, multipartBody, pngImage, type MultipartFile } from '../../test/images';

const ctx = await setupTestApp();
let token: string;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  token = await ctx.signIn();
  api = apiClient(ctx.app, token);
});

const valid = {
  nom: 'Peluquería Canina Huellitas',
  slogan: 'Cuidamos a tu mejor amigo',
  dir: 'Av. Benavides 1234, Miraflores',
  fono: '987654321',
  email: 'Contacto@Huellitas.pe',
  ruc: '20131312955',
};

const png = pngImage();
const logoFile = (bytes: Buffer = png, filename = 'logo.png'): MultipartFile => ({
  name: 'logo',
  filename,
  type: 'image/png',
  bytes,
});

interface SettingsAnswer {
  status: string;
  message: string;
  data: Settings;
  errors: Record<string, string[]>;
}

/** `POST /api/ajustes` as the spec's client sends it: multipart, `json` field, optional logo. */
async function saveSettings(
  body: Record<string, unknown>,
  {
    logo,
    update = false,
    auth = true,
  }: { logo?: MultipartFile; update?: boolean; auth?: boolean } = {},
) {
  const fields: Record<string, string> = { json: JSON.stringify(body) };
  if (update) fields._method = 'put';
  const { payload, contentType } = await multipartBody(fields, logo ? [logo] : []);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/ajustes',
    headers: { 'content-type': contentType, ...(auth ? { authorization: token } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json<SettingsAnswer>() };
}

const getLogo = (headers: Record<string, string> = {}, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/app/logo.jpg${query}`, headers });

const uploads = () => storedNames(ctx.database.db);

describe('settings', () => {
  it('needs a session to read or save, but not for the brand or the logo', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ajustes' })).statusCode).toBe(401);
    expect((await saveSettings(valid, { auth: false })).status).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/app/brand' })).statusCode).toBe(200);
    expect((await getLogo()).statusCode).toBe(404);
  });

  it('answers no record and no logo before anything is saved', async () => {
    const res = await api.get('/ajustes');
    expect(res.body).toMatchObject({
      status: 'success',
      data: null,
      message: 'Oops, Np hay datos guardados!',
    });
    const brand = await api.get('/app/brand');
    expect(brand.body.data).toEqual({
      nomEmp: null,
      sloganEmp: null,
      hasLogo: false,
      logoUrl: null,
    });
    const logo = await getLogo();
    expect(logo.statusCode).toBe(404);
    expect(logo.json()).toMatchObject({ status: 'error', message: 'No hay un logo registrado' });
  });

  it.each([
    ['nom', '', 'El nombre de la empresa es obligatorio'],
    ['dir', '  ', 'La dirección es obligatoria'],
    ['fono', '', 'El teléfono/celular es obligatorio'],
    ['fono', 'llámenos', 'Ingrese un teléfono o celular válido'],
    ['email', '', 'El email es obligatorio'],
    ['email', 'no-es-un-email', 'Email inválido'],
    ['ruc', '', 'El RUC es obligatorio'],
    ['ruc', '2013131295', 'El RUC debe tener 11 dígitos'],
    ['ruc', '2013131295a', 'El RUC debe tener 11 dígitos'],
    ['ruc', '30131312955', 'El RUC debe comenzar con 10 o 20'],
    ['ruc', '20131312954', 'El RUC no es válido: el dígito verificador no coincide'],
  ])('refuses %s %j with "%s"', async (field, value, message) => {
    const res = await saveSettings({ ...valid, [field]: value });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('refuses a missing company name', async () => {
    const res = await saveSettings({ ...valid, nom: undefined });
    expect(res.status).toBe(422);
    expect(res.body.errors.nom).toEqual(['El nombre de la empresa es obligatorio']);
  });

  it('refuses a text file disguised as a PNG, by its content', async () => {
    const fake = Buffer.from('MZ\x90\x00 esto no es una imagen, es un ejecutable renombrado');
    const res = await saveSettings(valid, { logo: logoFile(fake, 'logo.png') });
    expect(res.status).toBe(422);
    expect(res.body.errors.logo).toEqual(['El logo debe ser una imagen PNG, JPG, GIF o WEBP']);
    expect((await api.get('/ajustes')).body.data).toBeNull();
    expect(await uploads()).toEqual([]);
  });

  it('refuses an SVG, which could carry script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await saveSettings(valid, {
      logo: { ...logoFile(svg, 'logo.svg'), type: 'image/svg+xml' },
    });
    expect(res.status).toBe(422);
  });

  it('refuses a logo over 2 MB without a server error', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await saveSettings(valid, { logo: logoFile(big) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      status: 'error',
      message: 'El logo no puede pesar más de 2 MB',
      errors: { logo: ['El logo no puede pesar más de 2 MB'] },
    });
    expect(await uploads()).toEqual([]);
  });

  it('refuses a malformed json field', async () => {
    const { payload, contentType } = await multipartBody({ json: '{nom:' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ajustes',
      headers: { 'content-type': contentType, authorization: token },
      payload,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<SettingsAnswer>();
    expect(body.status).toBe('error');
    expect(body.errors.json).toHaveLength(1);
  });

  it('refuses a multipart body without a boundary or cut short, without a server error', async () => {
    const { payload, contentType } = await multipartBody({ json: JSON.stringify(valid) }, [
      logoFile(),
    ]);
    const bodies = [
      { contentType: 'multipart/form-data', payload },
      { contentType, payload: payload.subarray(0, payload.length - 40) },
    ];
    for (const body of bodies) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ajustes',
        headers: { 'content-type': body.contentType, authorization: token },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json<SettingsAnswer>()).toMatchObject({
        status: 'error',
        message: 'El formulario enviado está incompleto o dañado',
      });
    }
    expect(await uploads()).toEqual([]);
  });

  let logoUrl: string;

  it('inserts the record with a logo and serves the logo', async () => {
    const res = await saveSettings(valid, { logo: logoFile() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Ajustes guardados correctamente!',
      data: {
        nomEmp: valid.nom,
        sloganEmp: valid.slogan,
        dirEmp: valid.dir,
        fonoEmp: valid.fono,
        emailEmp: 'contacto@huellitas.pe',
        rucEmp: valid.ruc,
      },
    });
    logoUrl = String(res.body.data.logoEmp);
    expect(logoUrl).toMatch(/^\/api\/app\/logo\.jpg\?v=logo-/);
    expect(await uploads()).toHaveLength(1);

    const logo = await getLogo();
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('no-cache');
    expect(logo.rawPayload.equals(png)).toBe(true);

    const etag = String(logo.headers.etag);
    expect((await getLogo({ 'if-none-match': etag })).statusCode).toBe(304);
    const versioned = await getLogo({}, logoUrl.slice('/api/app/logo.jpg'.length));
    expect(versioned.headers['cache-control']).toContain('immutable');

    const brand = await ctx.app.inject({ method: 'GET', url: '/api/app/brand' });
    expect(brand.json<{ data: BrandInfo }>().data).toEqual({
      nomEmp: valid.nom,
      sloganEmp: valid.slogan,
      hasLogo: true,
      logoUrl,
    });
  });

  it('updates the one record and keeps the logo when none is sent', async () => {
    const before = (await api.get('/ajustes')).body.data as Settings;
    const res = await saveSettings(
      { ...valid, id: before.id, nom: 'Huellitas Spa', slogan: '' },
      { update: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Configuración actualizada correctamente',
      data: { id: before.id, nomEmp: 'Huellitas Spa', sloganEmp: null, logoEmp: logoUrl },
    });
    expect(await ctx.database.db.select().from(settings)).toHaveLength(1);
    expect((await getLogo()).statusCode).toBe(200);
  });

  it('keeps the opening hours per weekday, and keeps them when they are not sent', async () => {
    const before = (await api.get('/ajustes')).body.data as Settings;
    expect(before.horario).toEqual(DEFAULT_OPENING_HOURS);
    const horario = DEFAULT_OPENING_HOURS.map((day) =>
      day.dia === 6 ? { ...day, abre: '10:00', cierra: '14:00' } : day,
    );
    const saved = await saveSettings({ ...valid, id: before.id, horario }, { update: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data.horario).toEqual(horario);
    const untouched = await saveSettings({ ...valid, id: before.id }, { update: true });
    expect(untouched.body.data.horario).toEqual(horario);

    const backwards = horario.map((day) => (day.dia === 1 ? { ...day, cierra: '08:00' } : day));
    const refused = await saveSettings({ ...valid, horario: backwards }, { update: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['horario.0.cierra']).toEqual([
      'La hora de cierre debe ser posterior a la de apertura',
    ]);
    const badTime = horario.map((day) => (day.dia === 2 ? { ...day, abre: '9am' } : day));
    const bad = await saveSettings({ ...valid, horario: badTime }, { update: true });
    expect(bad.body.errors['horario.1.abre']).toEqual(['La hora debe tener el formato HH:MM']);
    const short = await saveSettings({ ...valid, horario: horario.slice(1) }, { update: true });
    expect(short.body.errors.horario).toEqual(['El horario debe tener los 7 días de la semana']);
    expect((await api.get('/ajustes')).body.data.horario).toEqual(horario);
  });

  it('keeps the reminder template and hour, answers the default template while none is written', async () => {
    const before = (await api.get('/ajustes')).body.data as Settings;
    expect(before.plantilla_recordatorio).toBe(DEFAULT_REMINDER_TEMPLATE);
    expect(before.hora_recordatorio).toBeNull();

    const plantilla =
      'Hola {cliente}: {mascota} tiene {servicio} el {fecha} a las {hora}. {empresa}';
    const saved = await saveSettings(
      { ...valid, plantilla_recordatorio: `  ${plantilla} `, hora_recordatorio: '18' },
      { update: true },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      plantilla_recordatorio: plantilla,
      hora_recordatorio: 18,
    });
    // Not sent (the spec's client): unchanged.
    const untouched = await saveSettings(valid, { update: true });
    expect(untouched.body.data).toMatchObject({
      plantilla_recordatorio: plantilla,
      hora_recordatorio: 18,
    });

    const refuse = async (field: string, value: unknown, message: string) => {
      const res = await saveSettings({ ...valid, [field]: value }, { update: true });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    };
    await refuse(
      'plantilla_recordatorio',
      'Hola {cliente}, su {xyz} está listo',
      'Marcador desconocido: {xyz}',
    );
    await refuse('plantilla_recordatorio', 'Hola {Cliente}', 'Marcador desconocido: {Cliente}');
    await refuse(
      'plantilla_recordatorio',
      'x'.repeat(501),
      'La plantilla no puede exceder los 500 caracteres',
    );
    await refuse('plantilla_recordatorio', 42, 'La plantilla debe ser un texto');
    for (const hour of [24, -1, 7.5, 'siete', true]) {
      await refuse('hora_recordatorio', hour, 'Seleccione una hora válida');
    }
    expect((await api.get('/ajustes')).body.data).toMatchObject({
      plantilla_recordatorio: plantilla,
      hora_recordatorio: 18,
    });

    // Blank, or the default itself: the default, stored as none. 'No enviar': null.
    for (const blank of ['', '   ', null, DEFAULT_REMINDER_TEMPLATE]) {
      const res = await saveSettings(
        { ...valid, plantilla_recordatorio: blank, hora_recordatorio: '' },
        { update: true },
      );
      expect(res.body.data).toMatchObject({
        plantilla_recordatorio: DEFAULT_REMINDER_TEMPLATE,
        hora_recordatorio: null,
      });
      const [row] = await ctx.database.db.select().from(settings);
      expect(row.plantilla_recordatorio).toBeNull();
    }
    const zero = await saveSettings({ ...valid, hora_recordatorio: 0 }, { update: true });
    expect(zero.body.data.hora_recordatorio).toBe(0);
  });

  it('replaces the logo and deletes the old file', async () => {
    const gif = gifImage();
    const res = await saveSettings(valid, {
      logo: { name: 'logo', filename: 'nuevo.gif', type: 'image/gif', bytes: gif },
      update: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.logoEmp).not.toBe(logoUrl);
    expect(await uploads()).toHaveLength(1);
    expect((await uploads())[0]).toMatch(/\.gif$/);
    const logo = await getLogo();
    expect(logo.headers['content-type']).toBe('image/gif');
    expect(logo.rawPayload.equals(gif)).toBe(true);
  });

  it('accepts a plain JSON body, without a file', async () => {
    const res = await api.post('/ajustes', { ...valid, fono: '(01) 445-1234' });
    expect(res.status).toBe(200);
    const saved = res.body.data as Settings;
    expect(saved.fonoEmp).toBe('(01) 445-1234');
    expect(saved.logoEmp).toMatch(/^\/api\/app\/logo\.jpg/);
  });

  it('removes the logo on request', async () => {
    const res = await saveSettings({ ...valid, removeLogo: true }, { update: true });
    expect(res.status).toBe(200);
    expect(res.body.data.logoEmp).toBeNull();
    expect(await uploads()).toEqual([]);
    expect((await getLogo()).statusCode).toBe(404);
    expect((await api.get('/app/brand')).body.data).toMatchObject({
      hasLogo: false,
      logoUrl: null,
    });
  });
});
