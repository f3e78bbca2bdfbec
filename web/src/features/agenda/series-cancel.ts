import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import dayjs from 'dayjs';
import {
  APPOINTMENT_ENDPOINTS,
  appointmentsResource,
  SERIES_MESSAGES,
  type Appointment,
} from '@app/domain';
import { confirm, showErrorDialog, toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { formatDate, TIME_ZONE } from '../../lib/format';

/**
 * 'Cancelar serie desde esta fecha' (decisions §series): the series' citas still Programada from
 * this cita's Lima day on become Eliminada; completed, started and missed ones stay.
 */
export function useSeriesCancel() {
  const client = useQueryClient();
  return useCallback(
    async (cita: Appointment) => {
      if (cita.id_serie === null) return;
      const desde = dayjs(cita.fec_cita).tz(TIME_ZONE).format('YYYY-MM-DD');
      if (!(await confirm(SERIES_MESSAGES.cancelQuestion(formatDate(desde))))) return;
      try {
        const answer = await callWithMessage(APPOINTMENT_ENDPOINTS.seriesCancel, {
          body: { id_serie: cita.id_serie, desde },
        });
        if (answer.message) toast.success(answer.message);
        await client.invalidateQueries({ queryKey: [appointmentsResource.plural] });
      } catch (error) {
        await showErrorDialog(SERIES_MESSAGES.cancelErrorTitle, error);
      }
    },
    [client],
  );
}
