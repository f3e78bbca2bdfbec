import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGENDA_ENDPOINTS,
  APPOINTMENT_ENDPOINTS,
  APPOINTMENT_MESSAGES,
  appointmentsResource,
  type Agenda,
  type AgendaEntry,
} from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { fromCalendarTime, limaDateTimeInput } from './calendar-time';

export interface AgendaQuery {
  desde: string;
  hasta: string;
  emp?: number;
}

/**
 * The calendar's data. Keyed under 'citas': every change to an appointment (the list's, the
 * form's, a status) refreshes it, and a move here refreshes the list.
 */
const agendaKey = [appointmentsResource.plural, AGENDA_ENDPOINTS.agenda.feature] as const;

export function useAgenda(query: AgendaQuery) {
  return useQuery({
    queryKey: [appointmentsResource.plural, ...queryKey(AGENDA_ENDPOINTS.agenda, { query })],
    queryFn: ({ signal }) => call(AGENDA_ENDPOINTS.agenda, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface AppointmentMove {
  entry: AgendaEntry;
  /** The new start, a calendar Date. */
  start: Date;
  groomer: number | null;
  minutes: number;
}

/**
 * PATCH /cita/mover for a drag or a resize. The card lands at once; a refusal (an overlap, say)
 * puts it back and shows the server's message.
 */
export function useMoveAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, start, groomer, minutes }: AppointmentMove) =>
      callWithMessage(APPOINTMENT_ENDPOINTS.move, {
        body: {
          id: entry.id_cita,
          fec_cita: limaDateTimeInput(start),
          id_emp: groomer,
          duracion: minutes,
        },
      }),
    onMutate: async ({ entry, start, groomer, minutes }) => {
      await client.cancelQueries({ queryKey: agendaKey });
      const before = client.getQueriesData<Agenda>({ queryKey: agendaKey });
      const inicio = fromCalendarTime(start);
      const moved: AgendaEntry = {
        ...entry,
        inicio: inicio.toISOString(),
        fin: new Date(inicio.getTime() + minutes * 60_000).toISOString(),
        id_emp: groomer,
        duracion: minutes,
      };
      client.setQueriesData<Agenda>({ queryKey: agendaKey }, (agenda) =>
        agenda
          ? { ...agenda, citas: agenda.citas.map((c) => (c.id_cita === entry.id_cita ? moved : c)) }
          : agenda,
      );
      return { before };
    },
    onError: (error, _move, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      void showErrorDialog(APPOINTMENT_MESSAGES.updateErrorTitle, error);
    },
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
    },
    onSettled: () => client.invalidateQueries({ queryKey: [appointmentsResource.plural] }),
  });
}

/** One appointment as the list has it (GET /cita/{id}): what Triaje and Editar work on. */
export function useAppointmentLoader() {
  const client = useQueryClient();
  return (id: number) =>
    client.fetchQuery({
      queryKey: queryKey(appointmentsResource.endpoints.one, { params: { id } }),
      queryFn: ({ signal }) => call(appointmentsResource.endpoints.one, { params: { id }, signal }),
      staleTime: 0,
    });
}
