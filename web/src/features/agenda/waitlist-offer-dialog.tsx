import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  appointmentsResource,
  WAITLIST_ENDPOINTS,
  WAITLIST_MESSAGES,
  waitlistResource,
  weekdaysText,
  type WaitlistEntry,
} from '@app/domain';
import { notice, showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage } from '../../lib/api';
import { formatDateTime, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

const M = WAITLIST_MESSAGES;

/** A freed cita and the waitlist entries its time fits. */
export interface WaitlistOffer {
  cita: number;
  /** The freed time (ISO). */
  at: string;
  entries: WaitlistEntry[];
}

export interface WaitlistOfferDialogProps {
  /** Null closes the dialog. */
  offer: WaitlistOffer | null;
  onClose(): void;
}

/**
 * 'Ofrecer el espacio libre' (decisions §waitlist): the pending entries that fit a cancelled or
 * missed cita, oldest first, with the phone to call; 'Agendar' books one into the freed time.
 */
export function WaitlistOfferDialog({ offer, onClose }: WaitlistOfferDialogProps) {
  const client = useQueryClient();
  const [booking, setBooking] = useState<number | null>(null);

  const book = async (entry: WaitlistEntry) => {
    if (!offer) return;
    setBooking(entry.id_esp);
    try {
      const answer = await callWithMessage(WAITLIST_ENDPOINTS.book, {
        body: { id_esp: entry.id_esp, id_cita: offer.cita },
      });
      if (answer.message) toast.success(answer.message);
      onClose();
    } catch (error) {
      await showErrorDialog(M.bookErrorTitle, error);
    } finally {
      setBooking(null);
      // The lists, the calendar (keyed under 'citas') and the waitlist show what was booked.
      await Promise.all([
        client.invalidateQueries({ queryKey: [appointmentsResource.plural] }),
        client.invalidateQueries({ queryKey: [waitlistResource.plural] }),
      ]);
    }
  };

  return (
    <Dialog
      open={offer !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="waitlist-offer-title"
    >
      <DialogTitle id="waitlist-offer-title">{M.offerTitle}</DialogTitle>
      {offer && (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            El espacio del {formatDateTime(offer.at)} quedó libre. Estos clientes de la lista de
            espera pueden venir a esa hora:
          </DialogContentText>
          <TableContainer>
            <Table size="small" aria-label="Clientes en espera que pueden tomar el espacio">
              <TableHead>
                <TableRow>
                  <TableCell>Cliente</TableCell>
                  <TableCell>Teléfono</TableCell>
                  <TableCell>Mascota</TableCell>
                  <TableCell>Servicio o paquete</TableCell>
                  <TableCell>Disponibilidad</TableCell>
                  <TableCell>Notas</TableCell>
                  <TableCell align="right">Acción</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {offer.entries.map((entry) => (
                  <TableRow key={entry.id_esp}>
                    <TableCell>{fullName(entry.cliente.nom_cli, entry.cliente.ape_cli)}</TableCell>
                    <TableCell>{entry.cliente.tel1_cli}</TableCell>
                    <TableCell>{upper(entry.perro.nom_perro)}</TableCell>
                    <TableCell>{entry.servicio?.nom_srv ?? entry.paquete?.nom_paq}</TableCell>
                    <TableCell>
                      {weekdaysText(entry.dias)}, {entry.hora_desde} – {entry.hora_hasta}
                    </TableCell>
                    <TableCell>{entry.notas}</TableCell>
                    <TableCell align="right">
                      <Button
                        variant="contained"
                        size="small"
                        loading={booking === entry.id_esp}
                        disabled={booking !== null}
                        aria-label={`Agendar a ${upper(entry.perro.nom_perro)}`}
                        onClick={() => void book(entry)}
                      >
                        Agendar
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={booking !== null}>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What a status change that frees a cita calls: `offer(cita, at)` looks for waitlist entries
 * that fit it and opens the dialog when there are some; `dialog` is rendered by the screen.
 * Asked for by a button (`asked`), it also says when nobody fits or the look-up failed.
 */
export function useWaitlistOffer(): {
  offer(cita: number, at: string, asked?: boolean): void;
  dialog: ReactNode;
} {
  const { can } = usePermissions();
  const mayBook = can(waitlistResource.access.write);
  const [current, setCurrent] = useState<WaitlistOffer | null>(null);
  const offer = useCallback(
    (cita: number, at: string, asked = false) => {
      if (!mayBook) return;
      call(WAITLIST_ENDPOINTS.matches, { query: { cita } })
        .then((entries) => {
          if (entries.length > 0) setCurrent({ cita, at, entries });
          else if (asked) {
            void notice({
              icon: 'info',
              title: M.offerTitle,
              text: M.noMatches,
              button: 'Aceptar',
            });
          }
        })
        // After a status change the offer is a courtesy: a failed look-up leaves it as it is.
        .catch((error: unknown) => {
          if (asked) void showErrorDialog(M.offerTitle, error);
        });
    },
    [mayBook],
  );
  const close = useCallback(() => setCurrent(null), []);
  const dialog = useMemo(
    () => <WaitlistOfferDialog offer={current} onClose={close} />,
    [current, close],
  );
  return useMemo(() => ({ offer, dialog }), [offer, dialog]);
}
