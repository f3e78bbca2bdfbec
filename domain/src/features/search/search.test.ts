import { describe, expect, it } from 'vitest';
import { SEARCH_LINKS, SEARCH_TEXTS } from './search';

describe('SEARCH_LINKS', () => {
  it('opens a client in the clients list filtered by their DNI', () => {
    expect(SEARCH_LINKS.client({ dni_cli: '45871236' })).toBe('/clientes?search=45871236');
  });

  it("opens a pet in the pets list filtered by its name and its owner's DNI", () => {
    expect(SEARCH_LINKS.pet({ nom_perro: 'Tobías', dni_cli: '45871236' })).toBe(
      '/mascotas?search=Tob%C3%ADas%2045871236',
    );
  });

  it("opens a cita in the citas list filtered by client, pet and the cita's Lima day", () => {
    // 23:30 in Lima is already the next day in UTC.
    expect(
      SEARCH_LINKS.appointment({
        dni_cli: '45871236',
        nom_perro: 'Firulais',
        fec_cita: '2026-03-11T04:30:00.000Z',
      }),
    ).toBe('/citas?cli=45871236&pe=Firulais&desde=2026-03-10&hasta=2026-03-10');
  });
});

describe('SEARCH_TEXTS.found', () => {
  it('reads out what was found, in Spanish', () => {
    expect(SEARCH_TEXTS.found({ clientes: 2, mascotas: 1, citas: 3 })).toBe(
      '2 clientes, 1 mascota y 3 citas',
    );
    expect(SEARCH_TEXTS.found({ clientes: 1, citas: 0 })).toBe('1 cliente');
    expect(SEARCH_TEXTS.found({ mascotas: 2, citas: 1 })).toBe('2 mascotas y 1 cita');
    expect(SEARCH_TEXTS.found({ clientes: 0, mascotas: 0 })).toBe('Sin resultados');
  });
});
