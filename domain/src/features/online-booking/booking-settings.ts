/** How the salon takes bookings from its public page (DESIGN §11.4 'Reserva en línea'). */
export const ONLINE_BOOKING_MODES = ['desactivada', 'con_aprobacion', 'automatica'] as const;
export type OnlineBookingMode = (typeof ONLINE_BOOKING_MODES)[number];

/** Where a cita was booked: at the counter, or by the client from the public page. */
export const APPOINTMENT_ORIGINS = ['mostrador', 'en_linea'] as const;
export type AppointmentOrigin = (typeof APPOINTMENT_ORIGINS)[number];

/** The slot steps the public page may offer, in minutes. */
export const SLOT_STEPS = [15, 30] as const;
