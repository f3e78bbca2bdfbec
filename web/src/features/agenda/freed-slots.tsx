import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FREED_SLOT_CHANNEL_TEXT,
  NOTIFICATION_ENDPOINTS,
  WAITLIST_ENDPOINTS,
  WAITLIST_MESSAGES,
  waitlistResource,
  type FreedSlot,
} from '@app/domain';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { useWaitlistOffer } from './waitlist-offer-dialog';

const M = WAITLIST_MESSAGES;

const interestedText = (n: number) =>
  n === 0
    ? 'Nadie en espera puede venir a esa hora'
    : `${n} ${n === 1 ? 'cliente en espera puede' : 'clientes en espera pueden'} venir`;

interface SlotProps {
  slot: FreedSlot;
  busy: boolean;
  onOffer(slot: FreedSlot): void;
  onDismiss(slot: FreedSlot): void;
}

/** One freed time: when, with whom, who gave it up and how, and who could take it. */
function Slot({ slot, busy, onOffer, onDismiss }: SlotProps) {
  const when = formatDateTime(slot.fec_cita);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      useFlexGap
      sx={{ py: 1, alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {when} · {slot.duracion} min · {slot.groomer ?? 'Sin asignar'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Cancelada por {slot.cliente} ({upper(slot.perro)}) {FREED_SLOT_CHANNEL_TEXT[slot.canal]} ·{' '}
          {interestedText(slot.interesados)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={busy || slot.interesados === 0}
          aria-label={`${M.offerTitle} del ${when}`}
          onClick={() => onOffer(slot)}
        >
          {M.offerTitle}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          aria-label={`${M.dismiss} el espacio del ${when}`}
          onClick={() => onDismiss(slot)}
        >
          {M.dismiss}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * 'Espacios liberados por clientes' (decisions §waitlist), atop 'Lista de espera': the citas
 * clients cancelled themselves (link, Mi cuenta, WhatsApp) while nobody at the counter saw it.
 * Each is offered to the entries its time fits, or dismissed. Nothing shows while there are none.
 */
export function FreedSlots() {
  const { can } = usePermissions();
  const mayWrite = can(waitlistResource.access.write);
  const client = useQueryClient();
  const waitlist = useWaitlistOffer();
  const [dismissing, setDismissing] = useState<number | null>(null);
  const slots = useQuery({
    queryKey: queryKey(WAITLIST_ENDPOINTS.freed),
    queryFn: ({ signal }) => call(WAITLIST_ENDPOINTS.freed, { signal }),
    enabled: mayWrite,
  });

  const dismiss = async (slot: FreedSlot) => {
    setDismissing(slot.id_cita);
    try {
      const answer = await callWithMessage(WAITLIST_ENDPOINTS.dismiss, {
        params: { id: slot.id_cita },
      });
      if (answer.message) toast.success(answer.message);
    } catch (error) {
      await showErrorDialog(M.dismissErrorTitle, error);
    } finally {
      setDismissing(null);
      await Promise.all([
        client.invalidateQueries({ queryKey: [waitlistResource.plural] }),
        client.invalidateQueries({ queryKey: [NOTIFICATION_ENDPOINTS.list.feature] }),
      ]);
    }
  };

  if (!mayWrite || !slots.data?.length) return waitlist.dialog;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="freed-slots-title"
      sx={{ p: 2, mb: 2 }}
    >
      <Typography id="freed-slots-title" variant="h6" component="h2">
        {M.freedTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {M.freedIntro}
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {slots.data.map((slot) => (
          <Slot
            key={slot.id_cita}
            slot={slot}
            busy={dismissing !== null}
            onOffer={(s) => waitlist.offer(s.id_cita, s.fec_cita, true)}
            onDismiss={(s) => void dismiss(s)}
          />
        ))}
      </Stack>
      {waitlist.dialog}
    </Paper>
  );
}
