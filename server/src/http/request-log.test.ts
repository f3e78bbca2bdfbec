import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { users } from '../db/schema';
import { openTestDatabase, TEST_PASSWORD, testConfig } from '../test/app';
import { nextMail } from '../test/mail';
import { LOG_SERIALIZERS } from './request-log';

/** Every line the app logs, at info level, as written. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const database = await openTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'groomer-log-'));
const app = await buildApp({
  db: database.db,
  config: testConfig(dataDir),
  logger: { level: 'info', stream },
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the request log', () => {
  it('names the route pattern, never a DNI, a search text, a token or a recipient', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { json: JSON.stringify({ login: 'admin', password: TEST_PASSWORD }) },
    });
    const token = login.json<{ data: string }>().data;
    const headers = { authorization: token };
    await app.inject({ method: 'GET', url: '/api/clientes/?search=Huamán', headers });
    await app.inject({ method: 'GET', url: '/api/cliente/dni/40123456', headers });
    await app.inject({ method: 'GET', url: '/password-reset?token=f00dcafe1234' });
    await database.db
      .update(users)
      .set({ email: 'duena@huellitas.pe' })
      .where(eq(users.login, 'admin'));
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/password-forgot',
      payload: {
        json: JSON.stringify({
          email: 'duena@huellitas.pe',
          redirect_url: 'http://127.0.0.1:3000/password-reset',
        }),
      },
    });
    expect(forgot.statusCode).toBe(200);
    await nextMail(dataDir, 0);

    const log = lines.join('\n');
    expect(log).toContain('"url":"/api/clientes/"');
    expect(log).toContain('"url":"/api/password-forgot"');
    expect(log).toContain('correo guardado en');
    expect(log).not.toMatch(/Huam|40123456|f00dcafe|duena@|huellitas|\?/);
    expect(log).not.toContain(token);
  });

  it('masks the message of a line that logs an error or a text', () => {
    app.log.error(new Error('Destinatario rechazado: <ana@correo.pe>'));
    app.log.warn('Reintento para 40123456');
    const last = lines.slice(-2).join('\n');
    expect(last).toContain('"msg":"Destinatario rechazado: <[correo]>"');
    expect(last).toContain('"msg":"Reintento para [número]"');
    expect(last).not.toMatch(/ana@|40123456/);
  });

  it('logs an error without the values it carries', () => {
    const error = Object.assign(new Error('Fallo al enviar a ana@correo.pe (DNI 40123456)'), {
      code: '23505',
      detail: 'Key (dni_cli)=(40123456) already exists.',
      envelope: { to: ['ana@correo.pe'] },
    });
    const logged = JSON.stringify(LOG_SERIALIZERS.err(error));
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('Fallo al enviar a [correo] (DNI [número])');
    expect(logged).not.toMatch(/ana@|40123456|envelope|detail/);
  });
});
