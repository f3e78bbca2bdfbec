import { z } from 'zod';
import { DoneSchema, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  OnlineBookedSchema,
  OnlineClientRequestSchema,
  OnlineClientSchema,
  BookingCodeRequestSchema,
  OnlineRequestRowSchema,
  OnlineBookingRequestSchema,
  BookingSalonSchema,
  DeclineSchema,
  LinkedAppointmentSchema,
  OnlineBookingSettingsSchema,
  TokenParamSchema,
} from './online-booking';
import { PublicConsentSignInputSchema } from '../pet-care/consent-signing';

/** Online booking's feature name: the root of the staff screens' query keys. */
export const ONLINE_BOOKING_QUERY_KEY = 'reserva-online';

/**
 * The booking page's routes (no session, DESIGN §11.4): limited per address and per DNI in the
 * database, audited, and no answer tells whether a DNI or an e-mail is known.
 */
export const ONLINE_BOOKING_PUBLIC_ENDPOINTS = defineEndpoints('reservar', {
  salon: {
    method: 'GET',
    path: '/public/reserva/salon',
    response: successOf(BookingSalonSchema),
    permission: 'public',
  },
  availability: {
    method: 'GET',
    path: '/public/disponibilidad',
    query: AvailabilityQuerySchema,
    response: successOf(AvailabilitySchema),
    permission: 'public',
  },
  code: {
    method: 'POST',
    path: '/public/reserva/codigo',
    body: BookingCodeRequestSchema,
    response: DoneSchema,
    permission: 'public',
  },
  client: {
    method: 'POST',
    path: '/public/reserva/cliente',
    body: OnlineClientRequestSchema,
    response: successOf(OnlineClientSchema),
    permission: 'public',
  },
  book: {
    method: 'POST',
    path: '/public/reserva',
    body: OnlineBookingRequestSchema,
    response: { 201: successOf(OnlineBookedSchema) },
    permission: 'public',
  },
  linked: {
    method: 'GET',
    path: '/public/cita/:token',
    params: TokenParamSchema,
    response: successOf(LinkedAppointmentSchema),
    permission: 'public',
  },
  cancel: {
    method: 'POST',
    path: '/public/cita/:token/cancelar',
    params: TokenParamSchema,
    response: successOf(LinkedAppointmentSchema),
    permission: 'public',
  },
  confirm: {
    method: 'POST',
    path: '/public/cita/:token/confirmar',
    params: TokenParamSchema,
    response: successOf(LinkedAppointmentSchema),
    permission: 'public',
  },
  /** Multipart: PublicDepositInputSchema's fields and the proof's picture `comprobante`. */
  deposit: {
    method: 'POST',
    path: '/public/cita/:token/adelanto',
    params: TokenParamSchema,
    response: { 201: successOf(LinkedAppointmentSchema) },
    permission: 'public',
  },
  sign: {
    method: 'POST',
    path: '/public/cita/:token/firmar',
    params: TokenParamSchema,
    body: PublicConsentSignInputSchema,
    response: { 201: successOf(LinkedAppointmentSchema) },
    permission: 'public',
  },
});

/** The salon's side: Ajustes › 'Reserva en línea' and AGENDA › 'Solicitudes en línea'. */
export const ONLINE_BOOKING_ENDPOINTS = defineEndpoints(ONLINE_BOOKING_QUERY_KEY, {
  settings: {
    method: 'GET',
    path: '/ajustes/reserva-online',
    response: successOf(OnlineBookingSettingsSchema),
    permission: 'ajustes.escribir',
  },
  saveSettings: {
    method: 'PUT',
    path: '/ajustes/reserva-online',
    body: OnlineBookingSettingsSchema,
    response: successOf(OnlineBookingSettingsSchema),
    permission: 'ajustes.escribir',
  },
  requests: {
    method: 'GET',
    path: '/solicitudes-online',
    response: successOf(z.array(OnlineRequestRowSchema)),
    permission: 'agenda.escribir',
  },
  approve: {
    method: 'POST',
    path: '/solicitudes-online/:id/aprobar',
    params: IdParamSchema,
    response: DoneSchema,
    permission: 'agenda.escribir',
  },
  decline: {
    method: 'POST',
    path: '/solicitudes-online/:id/rechazar',
    params: IdParamSchema,
    body: DeclineSchema,
    response: DoneSchema,
    permission: 'agenda.escribir',
  },
});
