import { describe, expect, it } from 'vitest';
import { limaToday } from '../../lima-date';
import { AppointmentFormSchema, AppointmentInputSchema, appointmentDateTime } from './appointments';
import { BOOKING_TOO_FAR, latestBookingDay } from './booking';

/** Next year: a day always within the two years a visit may be booked ahead. */
const year = Number(limaToday().slice(0, 4)) + 1;

const form = {
  fec_cita: `${year}-05-10T09:15`,
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

  it('takes no observations: empty, blank or absent is no note (issue 30 §2)', () => {
    const { obs: _left, ...withoutObs } = form;
    expect(AppointmentFormSchema.parse({ ...form, obs: '  ' }).obs).toBe('');
    expect(AppointmentFormSchema.parse(withoutObs).obs).toBeUndefined();
    expect(messages({ ...form, obs: 'a'.repeat(501) })).toEqual([
      'obs: Las observaciones no pueden exceder los 500 caracteres',
    ]);
  });

  it('asks for the item of the active tab', () => {
    expect(messages({ ...form, id_servicio: '' })).toEqual([
      'id_servicio: Debe seleccionar un servicio',
    ]);
    expect(messages({ ...form, tipo: 'paquete', id_paquete: '' })).toEqual([
      'id_paquete: Debe seleccionar un paquete',
    ]);
  });

  it('asks for the item beside the other fields’ errors, not after they are mended', () => {
    expect(messages({ ...form, fec_cita: 'mañana', id_servicio: '' })).toEqual([
      'fec_cita: La fecha de cita no es válida',
      'id_servicio: Debe seleccionar un servicio',
    ]);
    expect(
      AppointmentInputSchema.safeParse({
        ...form,
        fec_cita: 'mañana',
        id_servicio: null,
        id_paquete: null,
      }).error?.issues.map((i) => i.message),
    ).toEqual(['La fecha de cita no es válida', 'Debe seleccionar un servicio o un paquete.']);
  });

  it('refuses a body that is not an object, checks and all, without throwing', () => {
    for (const body of [null, undefined, 5, 'cita', []]) {
      expect(AppointmentInputSchema.safeParse(body).success).toBe(false);
      expect(AppointmentFormSchema.safeParse(body).success).toBe(false);
    }
  });

  it('reads the form’s date and time as Lima time', () => {
    expect(appointmentDateTime.parse(`${year}-05-10T09:15`)).toBe(`${year}-05-10T09:15:00-05:00`);
    expect(appointmentDateTime.parse(`${year}-05-10T09:15:00.000Z`)).toBe(
      `${year}-05-10T09:15:00.000Z`,
    );
    expect(appointmentDateTime.safeParse(`${year}-05-10`).success).toBe(false);
  });

  it('books at most two years ahead, to the Lima day', () => {
    const last = latestBookingDay();
    const after = latestBookingDay(
      new Date(Date.parse(`${limaToday()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
    expect(appointmentDateTime.safeParse(`${last}T23:59`).success).toBe(true);
    expect(appointmentDateTime.safeParse(`${after}T00:00`).error?.issues[0]?.message).toBe(
      BOOKING_TOO_FAR,
    );
    // 04:00 UTC is still the day before in Lima.
    expect(appointmentDateTime.safeParse(`${after}T04:00:00Z`).success).toBe(true);
    expect(messages({ ...form, fec_cita: '2099-05-10T09:15' })).toEqual([
      `fec_cita: ${BOOKING_TOO_FAR}`,
    ]);
  });

  it('takes the same day two years on as the horizon, across a leap day', () => {
    expect(latestBookingDay('2026-11-25')).toBe('2028-11-25');
    expect(latestBookingDay('2028-02-29')).toBe('2030-03-01');
  });
});
