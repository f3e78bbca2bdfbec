import { describe, expect, it } from 'vitest';
import { collectErrors, EMPTY_FORM, validateForm, type FormValues } from './complaint-form-values';

const filled: FormValues = {
  ...EMPTY_FORM,
  doc: '45678912',
  nombres: 'Rosa',
  apellidos: 'Quispe Mamani',
  direccion: 'Av. Arequipa 1234, Lince',
  telefono: '987 654 321',
  email: 'Rosa.Quispe@example.pe',
  bien: 'servicio',
  monto: '45',
  descripcion: 'Baño y corte',
  tipo: 'queja',
  detalle: 'Esperé una hora pasada la hora de mi cita.',
  pedido: 'Que avisen los retrasos.',
  acepta: true,
};

describe('the public form checked by the server’s schema', () => {
  it('gives the schema’s input of a whole hoja, an adult’s without a guardian', () => {
    const checked = validateForm({ ...filled, apoderado_nombre: 'Ana Mamani' });
    expect('input' in checked && checked.input).toMatchObject({
      email: 'rosa.quispe@example.pe',
      monto: '45.00',
      menor: false,
      apoderado: null,
      tipo: 'queja',
      acepta: true,
    });
  });

  it('names the guardian’s fields of a minor by their path', () => {
    const checked = validateForm({
      ...filled,
      menor: 'si',
      apoderado_nombre: 'Ana Mamani',
      apoderado_doc: '1234',
    });
    expect(checked).toEqual({
      errors: { 'apoderado.doc': 'El DNI debe tener 8 dígitos' },
      other: undefined,
    });
    const unnamed = validateForm({ ...filled, menor: 'si', apoderado_doc: '45678913' });
    expect('errors' in unnamed && unnamed.errors).toEqual({
      'apoderado.nombre': 'El nombre del padre, madre o apoderado es requerido',
    });
  });

  it('refuses an empty form with one message per field, the choices and the terms included', () => {
    const checked = validateForm(EMPTY_FORM);
    expect('errors' in checked && checked.errors).toMatchObject({
      nombres: 'Los nombres son requeridos',
      bien: 'Indique si contrató un producto o un servicio',
      tipo: 'Seleccione si es un reclamo o una queja',
      acepta: 'Debe aceptar los términos para enviar la hoja de reclamación',
    });
  });

  it('keeps a refusal that names no field of the form apart', () => {
    expect(
      collectErrors([
        ['apoderado', 'Para un menor de edad, ingrese los datos de su padre, madre o apoderado'],
        ['json', 'Datos inválidos'],
      ]),
    ).toEqual({
      errors: {
        'apoderado.nombre':
          'Para un menor de edad, ingrese los datos de su padre, madre o apoderado',
      },
      other: 'Datos inválidos',
    });
  });
});
