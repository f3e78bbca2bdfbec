import { z } from 'zod';
import { DoneSchema, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { ReceiptFileQuerySchema, ReceiptPdfQuerySchema } from '../checkout/sale-record';
import { ClientDataSchema } from '../clients/clients';
import {
  PortalAppointmentSchema,
  PortalAppointmentsSchema,
  PortalFileParamSchema,
  PortalLinkRequestSchema,
  PortalMeSchema,
  PortalPreferencesSchema,
  PortalReceiptSchema,
  PortalRescheduleSchema,
  PortalSessionRequestSchema,
  PortalSessionSchema,
  PortalSignatureSchema,
  PortalVaccineProposalSchema,
} from './portal';

/** The portal's feature name: the root of /mi-cuenta's query keys. */
export const PORTAL_QUERY_KEY = 'portal';

/**
 * The portal's sign-in (no credential, DESIGN §11.5): the link always answers the same and is
 * mailed only to a known active client; the session answers the client credential.
 */
export const PORTAL_PUBLIC_ENDPOINTS = defineEndpoints(PORTAL_QUERY_KEY, {
  link: {
    method: 'POST',
    path: '/public/portal/enlace',
    body: PortalLinkRequestSchema,
    response: DoneSchema,
    permission: 'public',
  },
  session: {
    method: 'POST',
    path: '/public/portal/sesion',
    body: PortalSessionRequestSchema,
    response: successOf(PortalSessionSchema),
    permission: 'public',
  },
});

/**
 * The client's own routes: each takes `Authorization: Cliente <token>` (access 'cliente'), never
 * a staff session, and sees only that client's records (another client's id is 404).
 */
export const PORTAL_ENDPOINTS = defineEndpoints(PORTAL_QUERY_KEY, {
  signOut: {
    method: 'DELETE',
    path: '/portal/sesion',
    response: DoneSchema,
    permission: 'cliente',
  },
  me: {
    method: 'GET',
    path: '/portal/yo',
    response: successOf(PortalMeSchema),
    permission: 'cliente',
  },
  preferences: {
    method: 'PUT',
    path: '/portal/preferencias',
    body: PortalPreferencesSchema,
    response: successOf(PortalMeSchema),
    permission: 'cliente',
  },
  appointments: {
    method: 'GET',
    path: '/portal/citas',
    response: successOf(PortalAppointmentsSchema),
    permission: 'cliente',
  },
  confirm: {
    method: 'POST',
    path: '/portal/cita/:id/confirmar',
    params: IdParamSchema,
    response: successOf(PortalAppointmentSchema),
    permission: 'cliente',
  },
  cancel: {
    method: 'POST',
    path: '/portal/cita/:id/cancelar',
    params: IdParamSchema,
    response: successOf(PortalAppointmentSchema),
    permission: 'cliente',
  },
  reschedule: {
    method: 'POST',
    path: '/portal/cita/:id/reprogramar',
    params: IdParamSchema,
    body: PortalRescheduleSchema,
    response: successOf(PortalAppointmentSchema),
    permission: 'cliente',
  },
  photo: {
    method: 'GET',
    path: '/portal/foto/:nombre',
    params: PortalFileParamSchema,
    // The image itself, as stored: no JSON answer to describe.
    response: {},
    permission: 'cliente',
  },
  signatures: {
    method: 'GET',
    path: '/portal/firmas',
    response: successOf(z.array(PortalSignatureSchema)),
    permission: 'cliente',
  },
  signaturePdf: {
    method: 'GET',
    path: '/portal/firma/:id/pdf',
    params: IdParamSchema,
    response: z.string().describe('El consentimiento firmado, en PDF'),
    permission: 'cliente',
  },
  receipts: {
    method: 'GET',
    path: '/portal/comprobantes',
    response: successOf(z.array(PortalReceiptSchema)),
    permission: 'cliente',
  },
  receiptPdf: {
    method: 'GET',
    path: '/portal/comprobante/:id/pdf',
    params: IdParamSchema,
    query: ReceiptPdfQuerySchema,
    response: z.string().describe('El comprobante o su nota de crédito en PDF'),
    permission: 'cliente',
  },
  receiptXml: {
    method: 'GET',
    path: '/portal/comprobante/:id/xml',
    params: IdParamSchema,
    query: ReceiptFileQuerySchema,
    response: z.string().describe('El XML firmado del comprobante electrónico o de su nota'),
    permission: 'cliente',
  },
  /** Multipart (the fields and the `comprobante` image, read by the handler): no body declared. */
  vaccine: {
    method: 'POST',
    path: '/portal/mascota/:id/vacuna',
    params: IdParamSchema,
    response: { 201: successOf(PortalVaccineProposalSchema) },
    permission: 'cliente',
  },
  data: {
    method: 'GET',
    path: '/portal/datos',
    response: ClientDataSchema.describe('Sus datos (Ley 29733), como archivo JSON'),
    permission: 'cliente',
  },
});
