import { z } from 'zod';
import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { PHOTO_PATHS, PhotoSchema } from './photos';
import { ClientPetSchema, petsResource } from '../clients/pets';
import {
  REMINDER_PATHS,
  ReminderInputSchema,
  SendAllRemindersSchema,
  SentRemindersSchema,
  ReminderSchema,
  RemindersDaySchema,
  RemindersQuerySchema,
} from '../agenda/reminders';
import { DueVaccineSchema, VACCINE_PATHS, VaccineSchema } from './vaccines';

/** An upload's name in the public file routes: an <img> cannot send the Authorization header. */
const FileParamSchema = z.object({ file: z.string().max(120) });

/**
 * A visit's before and after photos (decisions §photos): read with the agenda, added and removed
 * by whoever attends it. Adding is multipart (`json` with id_cita and momento, and a `foto`
 * file, read by the handler), so the contract declares no body.
 */
export const PHOTO_ENDPOINTS = defineEndpoints('fotos', {
  ofAppointment: {
    method: 'GET',
    path: PHOTO_PATHS.ofAppointment(':id'),
    params: IdParamSchema,
    response: successOf(z.array(PhotoSchema)),
    permission: 'agenda.leer',
  },
  add: {
    method: 'POST',
    path: PHOTO_PATHS.add,
    response: { 201: successOf(PhotoSchema) },
    permission: 'agenda.atender',
  },
  remove: {
    method: 'DELETE',
    path: PHOTO_PATHS.remove(':id'),
    params: IdParamSchema,
    response: successOf(z.null()),
    permission: 'agenda.atender',
  },
  file: {
    method: 'GET',
    path: `${PHOTO_PATHS.file}/:file`,
    params: FileParamSchema,
    // The image itself, as stored: no JSON answer to describe.
    response: {},
    permission: 'public',
  },
});

/** A vaccine saved: 201 when registered, 200 when updated. */
const savedVaccine = { 200: successOf(VaccineSchema), 201: successOf(VaccineSchema) };

/**
 * A pet's vaccines (decisions §vaccines): pet care records are every role's to write
 * (`agenda.atender`); reading them is whoever reads pets. A save is multipart (`json` plus an
 * optional `comprobante` picture, read by the handler), so the contract declares no body.
 */
export const VACCINE_ENDPOINTS = defineEndpoints('vacunas', {
  ofPet: {
    method: 'GET',
    path: VACCINE_PATHS.ofPet(':id'),
    params: IdParamSchema,
    response: successOf(z.array(VaccineSchema)),
    permission: 'clientes.leer',
  },
  register: {
    method: 'POST',
    path: VACCINE_PATHS.register,
    response: savedVaccine,
    permission: 'agenda.atender',
  },
  update: {
    method: 'PUT',
    path: VACCINE_PATHS.update,
    response: savedVaccine,
    permission: 'agenda.atender',
  },
  remove: {
    method: 'DELETE',
    path: VACCINE_PATHS.remove(':id'),
    params: IdParamSchema,
    response: successOf(z.null()),
    permission: 'agenda.atender',
  },
  proof: {
    method: 'GET',
    path: `${VACCINE_PATHS.proof}/:file`,
    params: FileParamSchema,
    // The image itself, as stored: no JSON answer to describe.
    response: {},
    permission: 'public',
  },
  /** The dashboard's card: at most ten, with how many there are in all. */
  due: {
    method: 'GET',
    path: '/vacunas/por-vencer',
    response: successOf(
      z.strictObject({ total: z.number().int(), vacunas: z.array(DueVaccineSchema) }),
    ),
    permission: 'clientes.leer',
  },
});

/** Decisions §reminders: a day's Programada citas with their message, and recording one sent. */
export const REMINDER_ENDPOINTS = defineEndpoints('recordatorios', {
  day: {
    method: 'GET',
    path: REMINDER_PATHS.list,
    query: RemindersQuerySchema,
    response: successOf(RemindersDaySchema),
    permission: 'agenda.escribir',
  },
  record: {
    method: 'POST',
    path: REMINDER_PATHS.record,
    body: ReminderInputSchema,
    response: { 201: successOf(ReminderSchema) },
    permission: 'agenda.escribir',
    jsonField: true,
  },
  /** 'Enviar todos': the day's e-mail reminders not sent yet, to clients who take them. */
  sendAll: {
    method: 'POST',
    path: REMINDER_PATHS.sendAll,
    body: SendAllRemindersSchema,
    response: successOf(SentRemindersSchema),
    permission: 'agenda.escribir',
  },
});

/** The pets beside their CRUD: a client's active pets, for the booking forms. */
export const PET_ENDPOINTS = defineEndpoints(petsResource.plural, {
  ofClient: {
    method: 'GET',
    path: '/mascotas/cliente/:id',
    params: IdParamSchema,
    response: successOf(z.array(ClientPetSchema)),
    permission: 'clientes.leer',
  },
});
