import { describe, expect, it } from 'vitest';
import { receiptTitle } from './receipt-texts';

describe('receiptTitle', () => {
  it('says ELECTRÓNICA only of a boleta or factura SUNAT accepted (DESIGN §11.9)', () => {
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: null })).toBe('BOLETA DE VENTA');
    expect(receiptTitle({ tipo_comp: 'F', cpe_estado: null })).toBe('FACTURA');
    expect(receiptTitle({ tipo_comp: 'T', cpe_estado: null })).toBe('NOTA DE VENTA');
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: 'pendiente' })).toBe('BOLETA DE VENTA');
    expect(receiptTitle({ tipo_comp: 'F', cpe_estado: 'rechazado' })).toBe('FACTURA');
    expect(receiptTitle({ tipo_comp: 'B', cpe_estado: 'aceptado' })).toBe(
      'BOLETA DE VENTA ELECTRÓNICA',
    );
    expect(receiptTitle({ tipo_comp: 'F', cpe_estado: 'observado' })).toBe('FACTURA ELECTRÓNICA');
  });
});
