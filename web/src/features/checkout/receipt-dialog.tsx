import PrintIcon from '@mui/icons-material/Print';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import type { Sale } from '@app/domain';
import { useBrand } from '../../app/brand';
import { usePermissions } from '../../lib/use-profile';
import { Receipt } from './receipt-document';
import { useReceiptPrint } from './receipt-print';
import { useSale } from './receipt-queries';
import { RECEIPT_TEXTS } from './receipt-texts';
import { VoidDialog } from './receipt-void';
import { useClientPhone, whatsappLink } from './receipt-whatsapp';

/**
 * The receipt of a sale as a Peruvian business prints it (decisions §receipt): on A4 or on 80 mm
 * thermal paper from the browser, or sent by WhatsApp; voided by an administrator with a reason.
 * What it prints is what the server stored when the sale was issued, never recomputed.
 */

export interface ReceiptDialogProps {
  /**
   * The sale shown: an issued one's id, fetched; or the sale just charged as the POST answered
   * it, shown without fetching it again. null closes the dialog.
   */
  sale: number | Sale | null;
  onClose(): void;
}

/** A sale's receipt: print it (A4 or 80 mm), send it by WhatsApp, void it. */
export function ReceiptDialog({ sale, onClose }: ReceiptDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={sale !== null} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{RECEIPT_TEXTS.title}</DialogTitle>
      {sale !== null && (
        <ReceiptContent
          key={typeof sale === 'number' ? sale : sale.id_venta}
          sale={sale}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function ReceiptContent({ sale: shown, onClose }: { sale: number | Sale; onClose(): void }) {
  const sale = useSale(shown);
  const brand = useBrand();
  const { can } = usePermissions();
  const phone = useClientPhone(sale.data?.id_cli ?? null);
  const printing = useReceiptPrint(sale.data, brand.logoUrl);
  const [voiding, setVoiding] = useState(false);

  if (!sale.data) {
    return (
      <Frame onClose={onClose}>
        {sale.isError ? (
          <Alert severity="error">{sale.error.message || RECEIPT_TEXTS.loadError}</Alert>
        ) : (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Cargando comprobante" />
          </Stack>
        )}
      </Frame>
    );
  }
  const data = sale.data;
  return (
    <>
      {printing.copy}
      <Frame
        onClose={onClose}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<PrintIcon />}
              onClick={() => printing.print('a4')}
            >
              {RECEIPT_TEXTS.printA4}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PrintIcon />}
              onClick={() => printing.print('80mm')}
            >
              {RECEIPT_TEXTS.print80}
            </Button>
            <Button
              variant="outlined"
              startIcon={<WhatsAppIcon />}
              component="a"
              href={whatsappLink(data, phone)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {RECEIPT_TEXTS.whatsapp}
            </Button>
            {can('caja.administrar') && !data.anulada && (
              <Button variant="outlined" color="error" onClick={() => setVoiding(true)}>
                {RECEIPT_TEXTS.void}
              </Button>
            )}
          </>
        }
      >
        <Box
          sx={{
            p: { xs: 1, sm: 3 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            color: 'text.primary',
          }}
        >
          <Receipt sale={data} logoUrl={brand.logoUrl} format="a4" />
        </Box>
      </Frame>
      <VoidDialog sale={voiding ? data : null} onClose={() => setVoiding(false)} />
    </>
  );
}

interface FrameProps {
  children: ReactNode;
  actions?: ReactNode;
  onClose(): void;
}

function Frame({ children, actions, onClose }: FrameProps) {
  return (
    <>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button variant="contained" onClick={onClose}>
          {RECEIPT_TEXTS.close}
        </Button>
      </DialogActions>
    </>
  );
}
