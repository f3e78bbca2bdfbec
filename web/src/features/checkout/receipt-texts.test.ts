import { describe, expect, it } from 'vitest';
import { documentTabLabels, electronicStatus, mayReissue } from './receipt-texts';

describe('documentTabLabels', () => {
  it('gives the nota de crédito a tab only once the sale has one', () => {
    expect(documentTabLabels({ comprobante: 'B001-00000007', nota_credito: null })).toEqual({
      comprobante: 'Comprobante B001-00000007',
      nota: null,
    });
    const note = {
      serie: 'BC01',
      numero: 1,
      comprobante: 'BC01-00000001',
      fecha: '2026-11-25T15:00:00.000Z',
      cod_motivo: '01',
      motivo: 'Anulación de la operación',
      cpe_estado: 'pendiente',
      cpe_codigo: null,
      cpe_mensaje: null,
      cpe_hash: 'abc=',
      cpe_qr: '20131312955|07|BC01|1|',
      tiene_xml: true,
    };
    expect(documentTabLabels({ comprobante: 'B001-00000007', nota_credito: note }).nota).toBe(
      'Nota de crédito BC01-00000001',
    );
  });
});

describe('electronicStatus', () => {
  const marks = (
    cpe_estado: string | null,
    cpe_codigo: number | null,
    cpe_mensaje: string | null,
  ) => ({
    cpe_estado,
    cpe_codigo,
    cpe_mensaje,
  });

  it('says nothing of a receipt that is not electronic', () => {
    expect(electronicStatus(marks(null, null, null))).toBeNull();
  });

  it('says a receipt waits to be sent, or that sending failed and why', () => {
    expect(electronicStatus(marks('pendiente', null, null))).toEqual({
      severity: 'info',
      title: 'Pendiente de envío a SUNAT',
      detail: null,
    });
    expect(
      electronicStatus(marks('error', null, 'No se pudo conectar con SUNAT (ECONNREFUSED).')),
    ).toEqual({
      severity: 'warning',
      title: 'No se pudo enviar a SUNAT',
      detail:
        'No se pudo conectar con SUNAT (ECONNREFUSED). Se volverá a intentar automáticamente.',
    });
  });

  it('gives SUNAT’s code and reason of a rejection, and its notes of an acceptance', () => {
    expect(
      electronicStatus(marks('rechazado', 2800, 'El dato ingresado no esta permitido.')),
    ).toEqual({
      severity: 'error',
      title: 'Rechazado por SUNAT (código 2800)',
      detail: 'El dato ingresado no esta permitido.',
    });
    expect(
      electronicStatus(marks('aceptado', 0, 'La Boleta numero B001-7, ha sido aceptada')),
    ).toEqual({
      severity: 'success',
      title: 'Aceptado por SUNAT',
      detail: null,
    });
    expect(electronicStatus(marks('observado', 4252, '4252 - El dato es incorrecto.'))).toEqual({
      severity: 'success',
      title: 'Aceptado por SUNAT con observaciones',
      detail: '4252 - El dato es incorrecto.',
    });
  });

  it('offers to issue again only a rejected receipt still in force', () => {
    expect(mayReissue({ cpe_estado: 'rechazado', anulada: false })).toBe(true);
    expect(mayReissue({ cpe_estado: 'rechazado', anulada: true })).toBe(false);
    for (const cpe_estado of [null, 'pendiente', 'aceptado', 'observado', 'error']) {
      expect(mayReissue({ cpe_estado, anulada: false })).toBe(false);
    }
  });
});
