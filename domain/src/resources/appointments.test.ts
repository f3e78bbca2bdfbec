import { describe, expect, it } from 'vitest';
import { limaToday } from '../lima-date';
import { AppointmentFormSchema, appointmentDateTime } from './appointments';

const form = {
  fec_cita: '2030-05-10T09:15',
  dni_cli: '45871236',
  id_perro: '3',
  id_cliente: 7,
  id_servicio: '4',
  id_paquete: '9',
  fech_reg: limaToday(),
  obs: 'Baño y corte',
  tipo: 'servicio' as const,
};

const messages = (value: unknown) => {
  const result = AppointmentFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('appointment form', () => {
  it('sends only the item of the active tab', () => {
    expect(AppointmentFormSchema.parse(form)).toMatchObject({ id_servicio: 4, id_paquete: null });
    expect(AppointmentFormSchema.parse({ ...form, tipo: 'paquete' })).toMatchObject({
      id_servicio: null,
      id_paquete: 9,
    });
  });

  it('asks for the item of the active tab', () => {
    expect(messages({ ...form, id_servicio: '' })).toEqual([
      'id_servicio: Debe seleccionar un servicio',
    ]);
    expect(messages({ ...form, tipo: 'paquete', id_paquete: '' })).toEqual([
      'id_paquete: Debe seleccionar un paquete',
    ]);
  });

  it('reads the form’s date and time as Lima time', () => {
    expect(appointmentDateTime.parse('2030-05-10T09:15')).toBe('2030-05-10T09:15:00-05:00');
    expect(appointmentDateTime.parse('2030-05-10T09:15:00.000Z')).toBe('2030-05-10T09:15:00.000Z');
    expect(appointmentDateTime.safeParse('2030-05-10').success).toBe(false);
  });
});
