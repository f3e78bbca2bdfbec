import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/app';
import { answerOf } from '../test/http';
import { multipartBody } from '../test/images';
import { BUSY_MESSAGES, HEAVY_WORK_PER_SERVER, SERVER_BUSY } from './heavy-work';

const ctx = await setupTestApp();
const token = await ctx.signIn();
/** The seeded admin, whose token `token` is. */
const ADMIN_ID = 1;

const get = async (url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: token } });

const exportClients = () => get('/clientes/export?formato=csv');
const report = () => get('/citas/reporte?desde=2026-01-01&hasta=2026-01-31&agrupar=dia');

async function previewImport() {
  const { payload, contentType } = await multipartBody({}, [
    { name: 'archivo', filename: 'c.csv', type: 'text/csv', bytes: Buffer.from('DNI\n1\n') },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/clientes/importar/vista-previa',
    headers: { authorization: token, 'content-type': contentType },
    payload,
  });
}

/** Takes a slot as a running export, report or import of `userId` would. */
function hold(userId: number, kind: keyof typeof BUSY_MESSAGES) {
  const slot = ctx.app.heavyWork.start(userId, kind);
  if (!('release' in slot)) throw new Error(`no slot: ${slot.refused}`);
  return slot.release;
}

describe('heavy work, one at a time per user', () => {
  it('refuses an export, a report and an import while the user’s own import runs', async () => {
    const release = hold(ADMIN_ID, 'importacion');
    const busy = { status: 'error', message: BUSY_MESSAGES.importacion };
    for (const res of [await exportClients(), await report(), await previewImport()]) {
      expect(answerOf(res)).toEqual({ status: 429, body: busy });
    }
    release();
    expect((await exportClients()).statusCode).toBe(200);
    expect((await report()).statusCode).toBe(200);
  });

  it('says an export is running in the words of the issue', async () => {
    const release = hold(ADMIN_ID, 'exportacion');
    const res = answerOf(await exportClients());
    release();
    expect(res).toEqual({
      status: 429,
      body: { status: 'error', message: 'Ya hay una exportación en curso; espere a que termine' },
    });
  });

  it('lets one of several simultaneous exports run and gives the slot back when it is sent', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, exportClients));
    const statuses = answers.map((res) => res.statusCode);
    // The first holds its slot while it reads and writes: the others arrive meanwhile.
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(answerOf(res)).toEqual({
        status: 429,
        body: { status: 'error', message: BUSY_MESSAGES.exportacion },
      });
    }
    expect((await exportClients()).statusCode).toBe(200);
  });

  it('gives the slot back after a refused file', async () => {
    expect((await previewImport()).statusCode).toBe(422);
    expect((await previewImport()).statusCode).toBe(422);
  });
});

describe('heavy work, a few at a time per server', () => {
  it(`refuses a user's export while ${HEAVY_WORK_PER_SERVER} others run, and asks to retry`, async () => {
    const others = Array.from({ length: HEAVY_WORK_PER_SERVER }, (_, n) =>
      hold(1000 + n, 'reporte'),
    );
    const res = await exportClients();
    expect(answerOf(res)).toEqual({ status: 429, body: { status: 'error', message: SERVER_BUSY } });
    expect(res.headers['retry-after']).toBe('5');
    others[0]?.();
    expect((await exportClients()).statusCode).toBe(200);
    for (const release of others) release();
  });
});
