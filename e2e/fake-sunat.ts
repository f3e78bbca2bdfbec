// The fake SUNAT the browser tests' server sends its electronic receipts to (SUNAT_URL): serve.mjs
// starts one beside each server, on a port of its own.
import { startFakeSunat } from '../server/src/test/fake-sunat';

const fake = await startFakeSunat({
  ruc: process.env.FAKE_SUNAT_RUC,
  port: Number(process.env.FAKE_SUNAT_PORT),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
