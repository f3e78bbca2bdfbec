import FileDownloadIcon from '@mui/icons-material/FileDownload';
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
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import {
  fillPath,
  printedDocument,
  SALE_ENDPOINTS,
  type ReceiptDocument,
  type Sale,
} from '@app/domain';
import { useBrand } from '../../app/brand';
import { showErrorDialog } from '../../lib/alerts';
import { downloadFile } from '../../lib/download';
import { usePermissions } from '../../lib/use-profile';
import { IssuedGiftCards } from './gift-card-issued';
import { Receipt } from './receipt-document';
import { useReceiptPrint } from './receipt-print';
import { useSale } from './receipt-queries';
import { ElectronicStatus } from './receipt-status';
import { documentTabLabels, mayReissue, RECEIPT_TEXTS } from './receipt-texts';
import { VoidDialog } from './receipt-void';
import { useClientPhone, whatsappLink } from './receipt-whatsapp';

/**
 * The receipt of a sale as a Peruvian business prints it (decisions §receipt): on A4 or on 80 mm
 * thermal paper from the browser, or sent by WhatsApp; voided by an administrator with a reason.
 * What it prints is what the server stored when the sale was issued, never recomputed. An
 * electronic one downloads as its signed XML (when signed here), and any as a PDF; the nota de
 * crédito that voided one has a tab of its own, printed and downloaded the same way (DESIGN
 * §11.1). Each says where it stands with SUNAT; one SUNAT rejected is issued again from here, and
 * the new receipt shown (DESIGN §11.2). The sale just charged shows the gift cards it sold, with
 * their whole codes, this once (DESIGN §11.6).
 */

export interface ReceiptDialogProps {
  /**
   * The sale shown: an issued one's id, fetched; or the sale just charged as the POST answered
   * it, shown without fetching it again. null closes the dialog.
   */
  sale: number | Sale | null;
  onClose(): void;
}

/** A sale's receipt: print it (A4 or 80 mm), download it, send it by WhatsApp, void it. */
export function ReceiptDialog({ sale, onClose }: ReceiptDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // A receipt SUNAT rejected and issued again gives way to the new one, while it is the one shown.
  const [reissued, setReissued] = useState<{ of: number | Sale; sale: Sale } | null>(null);
  const shown = reissued && reissued.of === sale ? reissued.sale : sale;
  return (
    <Dialog open={sale !== null} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{RECEIPT_TEXTS.title}</DialogTitle>
      {sale !== null && shown !== null && (
        <ReceiptContent
          key={typeof shown === 'number' ? shown : shown.id_venta}
          sale={shown}
          onClose={onClose}
          onReissued={(next) => setReissued({ of: sale, sale: next })}
        />
      )}
    </Dialog>
  );
}

interface ReceiptContentProps {
  sale: number | Sale;
  onClose(): void;
  /** The receipt was issued again: `next` is the new sale. */
  onReissued(next: Sale): void;
}

function ReceiptContent({ sale: shown, onClose, onReissued }: ReceiptContentProps) {
  const sale = useSale(shown);
  const brand = useBrand();
  const { can } = usePermissions();
  const phone = useClientPhone(sale.data?.id_cli ?? null);
  const [chosen, setChosen] = useState<ReceiptDocument>('comprobante');
  // The note's tab only exists once the sale has one.
  const viewed: ReceiptDocument = sale.data?.nota_credito ? chosen : 'comprobante';
  const printing = useReceiptPrint(sale.data, viewed, brand.logoUrl);
  const [voiding, setVoiding] = useState(false);
  const [downloading, setDownloading] = useState<'xml' | 'pdf' | null>(null);
  // The gift cards it sold come whole in the sale's answer only: a fetched sale has none.
  const giftCards = typeof shown === 'number' ? [] : (shown.tarjetas_regalo ?? []);

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
  const tabs = documentTabLabels(data);
  // The marks of the document viewed: the receipt's, or its note's.
  const marks = viewed === 'nota' && data.nota_credito ? data.nota_credito : data;
  const download = async (file: 'xml' | 'pdf') => {
    setDownloading(file);
    try {
      // The server names the file (RUC-TT-SERIE-NUMERO); the document's number is the fallback.
      await downloadFile(
        fillPath(SALE_ENDPOINTS[file].path, { id: data.id_venta }),
        { documento: viewed },
        `${printedDocument(data, viewed).number}.${file}`,
      );
    } catch (error) {
      await showErrorDialog(RECEIPT_TEXTS.downloadErrorTitle, error);
    } finally {
      setDownloading(null);
    }
  };
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
            {marks.tiene_xml && (
              <Button
                variant="outlined"
                startIcon={<FileDownloadIcon />}
                loading={downloading === 'xml'}
                disabled={downloading !== null}
                onClick={() => void download('xml')}
              >
                {RECEIPT_TEXTS.downloadXml}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              loading={downloading === 'pdf'}
              disabled={downloading !== null}
              onClick={() => void download('pdf')}
            >
              {RECEIPT_TEXTS.downloadPdf}
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
        {giftCards.length > 0 && <IssuedGiftCards cards={giftCards} />}
        {tabs.nota && (
          <Tabs
            value={viewed}
            onChange={(_, value: ReceiptDocument) => setChosen(value)}
            aria-label={RECEIPT_TEXTS.documents}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
          >
            <Tab value="comprobante" label={tabs.comprobante} />
            <Tab value="nota" label={tabs.nota} />
          </Tabs>
        )}
        <ElectronicStatus
          marks={marks}
          reissue={
            viewed === 'comprobante' && can('caja.administrar') && mayReissue(data)
              ? { id: data.id_venta, onReissued }
              : null
          }
        />
        <Box
          sx={{
            p: { xs: 1, sm: 3 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            color: 'text.primary',
          }}
        >
          <Receipt sale={data} document={viewed} logoUrl={brand.logoUrl} format="a4" />
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
      {/* The receipt scrolls on a small screen: its region takes the focus, so the keys scroll it. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={RECEIPT_TEXTS.title}>
        {children}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button variant="contained" onClick={onClose}>
          {RECEIPT_TEXTS.close}
        </Button>
      </DialogActions>
    </>
  );
}
