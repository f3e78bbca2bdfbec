import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { sales, settings } from '../../db/schema';
import { runDatabaseName, runTemplate, serverDatabase } from '../../test/app';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../../test/certificate';
import { TEST_PASSWORD } from '../../test/constants';
import { withDatabase } from '../../test/global-setup';
import { startServerProcess } from '../../test/server-process';
import {
  FAKE_SUNAT_PASSWORD,
  FAKE_SUNAT_RUC,
  FAKE_SUNAT_USER,
  startFakeSunat,
  type FakeSunat,
} from '../../test/fake-sunat';
import { CLAIM_TTL_MS, sendDue } from './sender';
import { sunatTransport } from './sunat-transport';

/*
 * DESIGN §11.2 against a real crash: a server process sends a factura, SUNAT takes it, and the
 * process is killed (SIGKILL) before the answer arrives. Nothing is lost and nothing is sent
 * twice: the next sender takes the claim over once it runs out, finds the factura at SUNAT and
 * keeps its CDR. Real processes on one PostgreSQL database, so it runs with DATABASE_URL (CI).
 */

const url = process.env.DATABASE_URL;

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 15_000) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!url)('a server killed while SUNAT answers', () => {
  let database: Database & { close(): Promise<void> };
  let fake: FakeSunat;
  let server: ChildProcess | undefined;
  let base: string;
  let databaseUrl: string;

  beforeAll(async () => {
    const name = runDatabaseName('crash');
    database = await serverDatabase(url ?? '', name, runTemplate());
    databaseUrl = withDatabase(url ?? '', name);
    await database.db.insert(settings).values({
      nomEmp: 'Peluquería Canina Huellitas',
      dirEmp: 'Av. Benavides 1234, Miraflores',
      fonoEmp: '987654321',
      emailEmp: 'contacto@huellitas.pe',
      rucEmp: FAKE_SUNAT_RUC,
    });
    fake = await startFakeSunat();
    const started = await startServerProcess(databaseUrl, { SUNAT_URL: fake.url });
    server = started.child;
    base = started.base;
  }, 60_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    await fake?.close();
    await database?.close();
  });

  it('loses nothing and sends nothing twice', async () => {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: JSON.stringify({ login: 'admin', password: TEST_PASSWORD }) }),
    });
    const token = ((await login.json()) as { data: string }).data;

    const form = new FormData();
    form.append(
      'json',
      JSON.stringify({
        modo: 'sunat_beta',
        usuario_sol: FAKE_SUNAT_USER,
        clave_sol: FAKE_SUNAT_PASSWORD,
        clave_certificado: TEST_CERTIFICATE_PASSWORD,
      }),
    );
    form.append(
      'certificado',
      new Blob([new Uint8Array(testCertificate({ ruc: FAKE_SUNAT_RUC }))]),
      'firma.pfx',
    );
    const saved = await fetch(`${base}/ajustes/facturacion`, {
      method: 'PUT',
      headers: { authorization: token },
      body: form,
    });
    expect(saved.status, await saved.text()).toBe(200);

    // SUNAT takes the factura and never answers; the server dies waiting.
    fake.answerNext('accept-then-hang');
    const sold = await fetch(`${base}/venta/register`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        json: JSON.stringify({
          tipo_comp: 'F',
          doc: '20100070970',
          nombre: 'Distribuidora Los Andes S.A.C.',
          items: [{ tipo: 'otro', descripcion: 'Baño (convenio)', cantidad: 1, precio: '59.90' }],
          pagos: [{ metodo: 'transferencia', monto: '59.90' }],
        }),
      }),
    });
    expect(sold.status).toBe(201);
    const sale = ((await sold.json()) as { data: { id_venta: number; numero: number } }).data;
    const sends = () =>
      fake.received.filter(
        (call) => call.method === 'sendBill' && call.fileName?.includes(`-01-F001-${sale.numero}.`),
      ).length;
    await until(() => sends() === 1, 'the server to send the factura');
    server?.kill('SIGKILL');
    server = undefined;

    const read = async () =>
      (
        await database.db
          .select({ estado: sales.cpe_estado, codigo: sales.cpe_codigo, cdr: sales.cpe_cdr })
          .from(sales)
          .where(eq(sales.id_venta, sale.id_venta))
      )[0];
    expect(await read()).toMatchObject({ estado: 'pendiente', cdr: null });

    // The next sender, once the dead one's claim has run out.
    const transport = sunatTransport({
      modo: 'sunat_beta',
      usuarioSol: FAKE_SUNAT_USER,
      claveSol: FAKE_SUNAT_PASSWORD,
    });
    const previous = process.env.SUNAT_URL;
    process.env.SUNAT_URL = fake.url;
    try {
      await sendDue(database.db, transport, new Date(Date.now() + CLAIM_TTL_MS + 1000));
    } finally {
      if (previous === undefined) delete process.env.SUNAT_URL;
      else process.env.SUNAT_URL = previous;
    }
    const after = await read();
    expect(after).toMatchObject({ estado: 'aceptado', codigo: 0 });
    expect(after.cdr).not.toBeNull();
    expect(sends()).toBe(1);
  }, 60_000);
});
