import { z } from 'zod';
import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { IdParamSchema } from '../../list-query';
import { AgendaGroomerSchema, AgendaQuerySchema, AgendaSchema } from './agenda';
import { AppointmentMoveSchema, AppointmentSchema, appointmentsResource } from './appointments';
import {
  AppointmentSeriesInputSchema,
  AppointmentSeriesSchema,
  SERIES_PATHS,
  SeriesCancelResultSchema,
  SeriesCancelSchema,
  SeriesOccurrenceSchema,
} from './series';
import {
  TriageInputSchema,
  TriageSchema,
  TriageStatusSchema,
  TriageUpdateSchema,
} from '../pet-care/triage';
import {
  FreedSlotSchema,
  WAITLIST_PATHS,
  WaitlistBookedSchema,
  WaitlistBookSchema,
  WaitlistEntrySchema,
  WaitlistMatchQuerySchema,
  waitlistResource,
} from './waitlist';

/** The calendar (decisions §agenda): the visits of a range, and the groomers that are its columns. */
export const AGENDA_ENDPOINTS = defineEndpoints('agenda', {
  agenda: {
    method: 'GET',
    path: '/agenda',
    query: AgendaQuerySchema,
    response: successOf(AgendaSchema),
    permission: 'agenda.leer',
  },
  groomers: {
    method: 'GET',
    path: '/agenda/groomers',
    response: successOf(z.array(AgendaGroomerSchema)),
    permission: 'agenda.leer',
  },
});

/**
 * The citas' routes beside their CRUD: the calendar's drag and resize, and recurring citas
 * (decisions §series), which book every date or none.
 */
export const APPOINTMENT_ENDPOINTS = defineEndpoints(appointmentsResource.plural, {
  move: {
    method: 'PATCH',
    path: '/cita/mover',
    body: AppointmentMoveSchema,
    response: successOf(AppointmentSchema),
    permission: 'agenda.escribir',
  },
  seriesValidate: {
    method: 'POST',
    path: SERIES_PATHS.validate,
    body: AppointmentSeriesInputSchema,
    response: successOf(z.array(SeriesOccurrenceSchema)),
    permission: 'agenda.escribir',
  },
  seriesRegister: {
    method: 'POST',
    path: SERIES_PATHS.register,
    body: AppointmentSeriesInputSchema,
    response: { 201: successOf(AppointmentSeriesSchema) },
    permission: 'agenda.escribir',
    jsonField: true,
  },
  series: {
    method: 'GET',
    path: SERIES_PATHS.one(':id'),
    params: IdParamSchema,
    response: successOf(AppointmentSeriesSchema),
    permission: 'agenda.leer',
  },
  seriesCancel: {
    method: 'PATCH',
    path: SERIES_PATHS.cancel,
    body: SeriesCancelSchema,
    response: successOf(SeriesCancelResultSchema),
    permission: 'agenda.escribir',
  },
});

/** The waitlist beside its CRUD (decisions §waitlist): who a freed cita fits, and booking one. */
export const WAITLIST_ENDPOINTS = defineEndpoints(waitlistResource.plural, {
  matches: {
    method: 'GET',
    path: WAITLIST_PATHS.matches,
    query: WaitlistMatchQuerySchema,
    response: successOf(z.array(WaitlistEntrySchema)),
    permission: 'agenda.leer',
  },
  book: {
    method: 'POST',
    path: WAITLIST_PATHS.book,
    body: WaitlistBookSchema,
    response: { 201: successOf(WaitlistBookedSchema) },
    permission: 'agenda.escribir',
    jsonField: true,
  },
  freed: {
    method: 'GET',
    path: WAITLIST_PATHS.freed,
    response: successOf(z.array(FreedSlotSchema)),
    permission: 'agenda.leer',
  },
  /** 'Descartar': a freed time nobody will take stops being shown. */
  dismiss: {
    method: 'POST',
    path: WAITLIST_PATHS.dismiss,
    params: IdParamSchema,
    response: successOf(z.null()),
    permission: 'agenda.escribir',
  },
});

/**
 * The triage of a visit (spec §001-2): reading it is the agenda's; recording it is part of
 * attending the visit (decisions §roles).
 */
export const TRIAGE_ENDPOINTS = defineEndpoints('triaje', {
  /** The visit's triage, or null while it has none (404 when the visit does not exist). */
  one: {
    method: 'GET',
    path: '/triaje/:id',
    params: IdParamSchema,
    response: successOf(TriageSchema.nullable()),
    permission: 'agenda.leer',
  },
  register: {
    method: 'POST',
    path: '/triaje/register',
    body: TriageInputSchema,
    response: { 201: successOf(TriageSchema) },
    permission: 'agenda.atender',
    jsonField: true,
  },
  update: {
    method: 'PUT',
    path: '/triaje',
    body: TriageUpdateSchema,
    response: successOf(TriageSchema),
    permission: 'agenda.atender',
    jsonField: true,
  },
  status: {
    method: 'PATCH',
    path: '/triaje/estado',
    body: TriageStatusSchema,
    response: successOf(TriageSchema),
    permission: 'agenda.atender',
  },
});
