import { describe, expect, it } from 'vitest';
import { clientDraftOf } from './client-draft';

describe('the new client drafted from the finder', () => {
  it('takes eight digits as the DNI and nine as the phone', () => {
    expect(clientDraftOf(' 45871236 ')).toEqual({ dni: '45871236' });
    expect(clientDraftOf('987654321')).toEqual({ tel1: '987654321' });
  });

  it('takes words as the name and the surname', () => {
    expect(clientDraftOf('Rosa')).toEqual({ name: 'Rosa', surname: '' });
    expect(clientDraftOf('María José  Quispe Huamán')).toEqual({
      name: 'María',
      surname: 'José Quispe Huamán',
    });
  });

  it('starts empty from anything else', () => {
    expect(clientDraftOf('')).toEqual({});
    expect(clientDraftOf('4587')).toEqual({});
    expect(clientDraftOf('Rosa 987')).toEqual({});
  });
});
