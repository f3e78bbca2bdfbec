import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app';
import { answerOf } from '../test/http';
import { multipartBody, pngImage } from '../test/images';
import { BODY_TOO_LARGE, IMAGE_TOO_LARGE, MULTIPART_BODY_LIMIT } from './uploads';

const ctx = await setupTestApp();
const token = await ctx.signIn();

/** The company settings form: the multipart route any signed-in user reaches. */
async function postSettings(fields: Record<string, string>, logo?: Buffer) {
  const files = logo
    ? [{ name: 'logo', filename: 'logo.png', type: 'image/png', bytes: logo }]
    : [];
  const { payload, contentType } = await multipartBody(fields, files);
  return answerOf(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/ajustes',
      headers: { 'content-type': contentType, authorization: token },
      payload,
    }),
  );
}

const tooLarge = { status: 'error', message: BODY_TOO_LARGE };

describe('a multipart body is capped as a whole, not only part by part', () => {
  it('refuses five fields of 900 KB', async () => {
    const fields = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`f${i}`, 'x'.repeat(900 * 1024)]),
    );
    const res = await postSettings(fields);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject(tooLarge);
  });

  it('refuses a field longer than a form ever sends', async () => {
    const res = await postSettings({ json: JSON.stringify({ nom: 'x'.repeat(100 * 1024) }) });
    expect(res).toMatchObject({ status: 413, body: tooLarge });
  });

  it('refuses more fields than a form has', async () => {
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']));
    expect(await postSettings(fields)).toMatchObject({ status: 413, body: tooLarge });
  });

  it('refuses a declared length over the limit before reading it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ajustes',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MULTIPART_BODY_LIMIT + 1),
        authorization: token,
      },
      payload: Buffer.alloc(MULTIPART_BODY_LIMIT + 1, 'a'),
    });
    expect(answerOf(res)).toMatchObject({ status: 413, body: tooLarge });
  });

  it('still takes a picture near the per-file limit with its fields', async () => {
    const logo = Buffer.concat([pngImage(), Buffer.alloc(1024 * 1024)]);
    const res = await postSettings({ json: JSON.stringify({ nom: 'Patitas' }) }, logo);
    // The fields are incomplete: the body was read through and judged on its content.
    expect(res.status).toBe(422);
    expect(res.body.message).not.toBe(BODY_TOO_LARGE);
  });
});

/** A PNG of `width`×`height` as its header declares it, without the pixels. */
function pngHeader(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const chunk = Buffer.concat([Buffer.from('IHDR'), header]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, length, chunk, crc]);
}

describe('an image is judged by the pixels its header declares, before anything decodes it', () => {
  const company = {
    nom: 'Peluquería Canina Huellitas',
    dir: 'Av. Benavides 1234, Miraflores',
    fono: '987654321',
    email: 'contacto@huellitas.pe',
    ruc: '20131312955',
  };

  it('refuses a picture of more than 40 megapixels with a Spanish 422', async () => {
    const res = await postSettings({ json: JSON.stringify(company) }, pngHeader(8000, 5001));
    expect(res).toMatchObject({ status: 422, body: { errors: { logo: [IMAGE_TOO_LARGE] } } });
  });

  it('takes one of exactly 40 megapixels', async () => {
    const res = await postSettings({ json: JSON.stringify(company) }, pngHeader(8000, 5000));
    // The first save of the company creates its settings.
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
