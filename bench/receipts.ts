/**
 * Times building and signing an electronic receipt and its credit note (DESIGN §11.10: well
 * within 50 ms each): a boleta of four lines with a discount, signed with the tests' certificate.
 * Run: `npx tsx bench/receipts.ts`. A timed test would fail on a busy machine; here it is measured.
 */
import { performance } from 'node:perf_hooks';
import {
  electronicCreditNote,
  electronicInvoice,
  readCertificate,
} from '../server/src/features/electronic-receipts';
import { testCertificate, TEST_CERTIFICATE_PASSWORD } from '../server/src/test/certificate';
import { saleFixture } from '../server/src/test/sale-fixture';

const RUNS = 50;
const TARGET_MS = 50;

const cert = readCertificate(testCertificate({ ruc: '20123456789' }), TEST_CERTIFICATE_PASSWORD);
const boleta = saleFixture({
  tipo: 'B',
  numero: 27,
  emisor: { ruc: '20123456789', nombre: 'Peluquería Canina "Patitas" & Cía S.A.C.' },
  doc: '45678912',
  nombre: 'María Fernández Ñahui',
  lines: [
    { descripcion: 'Baño y corte — raza grande', cantidad: 1, precio: '85.00' },
    { descripcion: 'Corte de uñas', cantidad: 2, precio: '12.50' },
    { descripcion: 'Shampoo antipulgas 250 ml', cantidad: 3, precio: '33.33', tipo: 'producto' },
    { descripcion: 'Paquete Spa mensual', cantidad: 1, precio: '150.00', tipo: 'paquete' },
  ],
  descuento: '17.35',
});
const note = {
  serie: 'BC01',
  numero: 3,
  fecha: new Date().toISOString(),
  cod_motivo: '01',
  motivo: 'Anulación de la operación',
};

const timed = (build: () => unknown) => {
  for (let i = 0; i < 5; i++) build(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const begin = performance.now();
    build();
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)] ?? 0, p95: times[Math.floor(RUNS * 0.95)] ?? 0 };
};

for (const [label, build] of [
  ['boleta, built and signed', () => electronicInvoice(boleta, cert)],
  ['its credit note, built and signed', () => electronicCreditNote(note, boleta, cert)],
] as const) {
  const { p50, p95 } = timed(build);
  console.log(
    `${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target under ${TARGET_MS} ms)`,
  );
}
