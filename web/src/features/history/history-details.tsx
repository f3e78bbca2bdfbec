import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { APPOINTMENT_STATUSES, formatReceiptNumber, type HistoryRow } from '@app/domain';
import { StatusBadge } from '../../crud';
import { formatDateTime, formatMoney, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import { groomerName, itemName, HISTORY_PAGE_TEXTS as T } from './texts';
import { DetailsList } from '../../app/details-list';
import { AppointmentPhotos, PHOTOS_TEXTS } from '../../lookups/appointment-photos';

export interface HistoryDetailsProps {
  row: HistoryRow;
  onClose(): void;
  /** 'Historial de la mascota': the pet's timeline, in place of the details. */
  onPet(row: HistoryRow): void;
  /** 'Ver comprobante': the receipt of the sale that charged the visit, in place of the details. */
  onReceipt(saleId: number): void;
}

/** A part of the details under its heading, named by it (the triage, the sale). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** 'Ver detalle': a past visit, its triage and its sale (decisions §history). */
export function HistoryDetails({ row, onClose, onPet, onReceipt }: HistoryDetailsProps) {
  const { can } = usePermissions();
  const { triaje, venta } = row;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{T.detailTitle(upper(row.perro.nom_perro))}</DialogTitle>
      <DialogContent dividers>
        <DetailsList
          items={[
            ['Fecha', formatDateTime(row.fec_cita)],
            [
              'Cliente',
              `${fullName(row.cliente.nom_cli, row.cliente.ape_cli)} (DNI ${row.cliente.dni_cli})`,
            ],
            ['Mascota', upper(row.perro.nom_perro)],
            ['Servicio o paquete', itemName(row)],
            ['Groomer', groomerName(row)],
            ['Duración', `${row.duracion} min`],
            // Only who may charge is sent the price (issue 30 §5).
            ...(row.precio === undefined
              ? []
              : [['Precio', formatMoney(row.precio)] satisfies [string, ReactNode]]),
            [
              'Estado',
              <StatusBadge key="estado" id={row.id_est} catalogue={APPOINTMENT_STATUSES} />,
            ],
            ['Registrada por', row.usuario.login],
            ['Observaciones', row.obs_perro || '—'],
          ]}
        />
        <Section title={T.triage}>
          {triaje ? (
            <DetailsList
              items={[
                ['Edad', triaje.edad],
                ['Peso (kg)', triaje.peso],
                ['Temperatura (°C)', triaje.temperatura],
                ['Nota', triaje.nota || '—'],
              ]}
            />
          ) : (
            <Typography>{T.noTriage}</Typography>
          )}
        </Section>
        <Section title={T.sale}>
          {venta ? (
            <DetailsList
              items={[
                ['Comprobante', formatReceiptNumber(venta.serie, venta.numero)],
                ['Total', formatMoney(venta.total)],
              ]}
            />
          ) : (
            <Typography>{T.noSale}</Typography>
          )}
        </Section>
        <Section title={PHOTOS_TEXTS.title}>
          <AppointmentPhotos
            id_cita={row.id_cita}
            id_cli={row.cliente.id_cli}
            petName={upper(row.perro.nom_perro)}
          />
        </Section>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => onPet(row)}>
          {T.petHistory}
        </Button>
        {venta && can('caja.cobrar') && (
          <Button variant="outlined" onClick={() => onReceipt(venta.id_venta)}>
            {T.receipt}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
