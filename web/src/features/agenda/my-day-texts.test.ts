import { describe, expect, it } from 'vitest';
import type { AgendaEntry } from '@app/domain';
import { readyLink } from './my-day-texts';

const entry = (tel1_cli: string, tel2_cli: string | null): AgendaEntry => ({
  id_cita: 1,
  inicio: '2026-05-14T14:00:00.000Z',
  fin: '2026-05-14T15:00:00.000Z',
  duracion: 60,
  id_est: 6,
  id_emp: 1,
  obs: '',
  cliente: {
    id_cli: 1,
    dni_cli: '12345678',
    nom_cli: 'Rosa',
    ape_cli: 'Quispe',
    tel1_cli,
    tel2_cli,
  },
  perro: { id_perro: 1, nom_perro: 'Firulais', alertas: [], notas_cuidado: '', vacunas: null },
  item: { tipo: 'servicio', id: 1, nombre: 'Baño' },
  triaje: false,
  id_venta: null,
  origen: 'mostrador',
  confirmada_en: null,
  sin_firmar: false,
});

describe("'Avisar que está listo'", () => {
  it('writes to the first mobile with 51 and says the pet is ready, signed by the company', () => {
    const link = readyLink(entry('014567890', '987654321'), 'Huellitas');
    expect(link).not.toBeNull();
    const url = new URL(link ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/51987654321');
    expect(url.searchParams.get('text')).toBe(
      '¡Hola Rosa! Firulais ya está listo(a) para recoger en Huellitas. ¡Gracias por su preferencia!',
    );
  });

  it('has no link when no phone is a mobile', () => {
    expect(readyLink(entry('014567890', null), 'Huellitas')).toBeNull();
  });
});
