import { describe, expect, it } from 'vitest';
import { documentTabLabels } from './receipt-texts';

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
      cpe_hash: 'abc=',
      cpe_qr: '20131312955|07|BC01|1|',
    };
    expect(documentTabLabels({ comprobante: 'B001-00000007', nota_credito: note }).nota).toBe(
      'Nota de crédito BC01-00000001',
    );
  });
});
