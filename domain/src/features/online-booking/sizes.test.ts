import { describe, expect, it } from 'vitest';
import { durationForSize } from './sizes';

describe('a visit’s length for the pet’s size', () => {
  const bath = { duracion: 60, minutos_talla: { grande: 30, gigante: 45 } };

  it('adds the minutes the item gives for the pet’s size', () => {
    expect(durationForSize(bath, 'grande')).toBe(90);
    expect(durationForSize(bath, 'gigante')).toBe(105);
  });

  it('takes the item’s own duration for a size it adds nothing for, or a pet without a size', () => {
    expect(durationForSize(bath, 'pequeño')).toBe(60);
    expect(durationForSize(bath, null)).toBe(60);
    expect(durationForSize(bath, undefined)).toBe(60);
    expect(durationForSize({ duracion: 45, minutos_talla: {} }, 'gigante')).toBe(45);
  });
});
