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
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import {
  appointmentsResource,
  clientsResource,
  PAYMENT_METHODS,
  productsResource,
  SALE_MESSAGES,
  SALE_ENDPOINTS,
  SALES_QUERY_KEY,
  SaleVoidSchema,
  SUNAT_CUSTOMER_DOC_CODES,
  type ReceiptType,
  type Sale,
} from '@app/domain';
import { useBrand } from '../../app/brand';
import { ResourceForm, type FieldDef } from '../../crud';
import { toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';

/**
 * The receipt of a sale as a Peruvian business prints it (decisions §receipt): on A4 or on 80 mm
 * thermal paper from the browser, or sent by WhatsApp; voided by an administrator with a reason.
 * What it prints is what the server stored when the sale was issued, never recomputed.
 */

export const RECEIPT_TEXTS = {
  title: 'Comprobante',
  printA4: 'Imprimir A4',
  print80: 'Imprimir 80 mm',
  whatsapp: 'Enviar por WhatsApp',
  void: 'Anular',
  voidTitle: 'Anular venta',
  voidSubmit: 'Anular venta',
  voidErrorTitle: 'Error al anular la venta',
  close: 'Cerrar',
  cancel: 'Cancelar',
  loadError: 'No se pudo cargar el comprobante',
  voided: 'ANULADA',
  thanks: 'Gracias por su preferencia',
} as const;

/** The receipt's heading: its kind in words, as SUNAT's representation prints it. */
export const RECEIPT_TITLES: Record<ReceiptType, string> = {
  B: 'BOLETA DE VENTA ELECTRÓNICA',
  F: 'FACTURA ELECTRÓNICA',
  T: 'NOTA DE VENTA',
};

/** Catálogo 06, in words: the label of the customer's document. */
const DOC_LABELS: Record<string, string> = {
  [SUNAT_CUSTOMER_DOC_CODES.dni]: 'DNI',
  [SUNAT_CUSTOMER_DOC_CODES.ruc]: 'RUC',
  [SUNAT_CUSTOMER_DOC_CODES.ce]: 'C.E.',
  [SUNAT_CUSTOMER_DOC_CODES.pasaporte]: 'Pasaporte',
};

/* Queries */

/** One sale as issued (GET /api/venta/{id}). */
export function useSale(id: number | null) {
  return useQuery({
    queryKey: queryKey(SALE_ENDPOINTS.one, { params: { id } }),
    queryFn: ({ signal }) => call(SALE_ENDPOINTS.one, { params: { id }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * What a sale or its void changes: every sales list and figure, the citas (and the calendar
 * under them: the visit turns Completada, or chargeable again), the products' stock and their
 * movements, and the dashboard.
 */
export function refreshAfterSale(client: QueryClient) {
  return Promise.all(
    [
      [SALES_QUERY_KEY],
      [appointmentsResource.plural],
      [productsResource.plural],
      ['dashboard'],
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/** The client's phone, for WhatsApp; null when unknown or not a mobile. */
function useClientPhone(id: number | null) {
  const { can } = usePermissions();
  const { data } = useQuery({
    queryKey: queryKey(clientsResource.endpoints.one, { params: { id: id ?? 0 } }),
    queryFn: ({ signal }) =>
      call(clientsResource.endpoints.one, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && can('clientes.leer'),
    retry: false,
    staleTime: 60_000,
  });
  const phone = [data?.tel1_cli, data?.tel2_cli].find((p) => p && /^9\d{8}$/.test(p));
  return phone ?? null;
}

/* Paper */

export type PaperFormat = 'a4' | '80mm';

/** The page and its margins, in millimetres: the printable width is what is left. */
const PAPER: Record<PaperFormat, { width: number; margin: number }> = {
  a4: { width: 210, margin: 12 },
  '80mm': { width: 80, margin: 3 },
};

const PRINT_CLASS = 'receipt-print';
const MM_PER_PX = 25.4 / 96;

interface Paper {
  format: PaperFormat;
  /** The roll's length for this receipt: browsers take no 'auto' height in @page. */
  rollLength: number;
}

/**
 * While a receipt is open, its print copy (a child of <body>, beside the app and the dialogs)
 * waits off screen at the width of the paper, where it can be measured; printing shows only it,
 * on A4 or on a roll of 80 mm as long as the receipt.
 */
function PrintStyles({ paper }: { paper: Paper }) {
  const { width, margin } = PAPER[paper.format];
  return (
    <GlobalStyles
      styles={{
        [`.${PRINT_CLASS}`]: {
          position: 'fixed',
          top: 0,
          left: -10_000,
          width: `${width - 2 * margin}mm`,
          visibility: 'hidden',
          pointerEvents: 'none',
        },
        '@media print': {
          [`body > *:not(.${PRINT_CLASS})`]: { display: 'none !important' },
          [`.${PRINT_CLASS}`]: { position: 'static', visibility: 'visible', width: 'auto' },
          'html, body': {
            overflow: 'visible !important',
            height: 'auto !important',
            padding: '0 !important',
            background: '#fff !important',
          },
        },
        '@page': {
          size: paper.format === 'a4' ? 'A4' : `${width}mm ${paper.rollLength}mm`,
          margin: `${margin}mm`,
        },
      }}
    />
  );
}

interface ReceiptProps {
  sale: Sale;
  logoUrl: string | null;
  format: PaperFormat;
}

/** The receipt itself, in the colour of the text around it (white paper when printed). */
export function Receipt({ sale, logoUrl, format }: ReceiptProps) {
  const narrow = format === '80mm';
  const discount = sale.descuento !== '0.00';
  const tip = sale.propina !== '0.00';
  const change = sale.vuelto !== '0.00';
  const docLabel = DOC_LABELS[sale.cliente_doc_tipo];
  const rule = { borderTop: '1px dashed currentColor', my: 1 };
  const totalRows: [string, string, boolean?][] = [
    ...(discount ? [['Descuento', `-${formatMoney(sale.descuento)}`] as [string, string]] : []),
    ['Op. gravadas', formatMoney(sale.gravadas)],
    ['IGV 18%', formatMoney(sale.igv)],
    ['TOTAL', formatMoney(sale.total), true],
  ];
  const paymentRows: [string, string][] = [
    ...(tip ? [['Propina', formatMoney(sale.propina)] as [string, string]] : []),
    ...sale.pagos.map((p): [string, string] => [PAYMENT_METHODS[p.metodo], formatMoney(p.monto)]),
    ...(change ? [['Vuelto', formatMoney(sale.vuelto)] as [string, string]] : []),
  ];

  return (
    <Box
      component="article"
      aria-label={`${RECEIPT_TITLES[sale.tipo_comp]} ${sale.comprobante}`}
      sx={{
        color: 'inherit',
        fontFamily: narrow ? '"Courier New", Courier, monospace' : 'inherit',
        fontSize: narrow ? '12px' : '14px',
        lineHeight: 1.4,
        width: '100%',
        maxWidth: narrow ? '74mm' : '190mm',
        mx: 'auto',
      }}
    >
      {sale.anulada && (
        <Box
          role="note"
          sx={{
            border: '3px double currentColor',
            textAlign: 'center',
            p: 1,
            mb: 1.5,
          }}
        >
          <Box sx={{ fontSize: '1.6em', fontWeight: 700, letterSpacing: '0.2em' }}>
            {RECEIPT_TEXTS.voided}
          </Box>
          {sale.motivo_anulacion && <div>Motivo: {sale.motivo_anulacion}</div>}
          {sale.anulada_at && (
            <div>
              {formatDateTime(sale.anulada_at)}
              {sale.anulada_por ? ` · ${sale.anulada_por}` : ''}
            </div>
          )}
        </Box>
      )}

      <Box
        sx={{
          display: 'flex',
          // A4 side by side from a tablet's width up (a printed A4 page is that wide).
          flexDirection: narrow ? 'column' : { xs: 'column', sm: 'row' },
          alignItems: narrow ? 'center' : { xs: 'stretch', sm: 'flex-start' },
          gap: 2,
        }}
      >
        <Box sx={{ flex: 1, textAlign: narrow ? 'center' : 'left' }}>
          {logoUrl && (
            <Box
              component="img"
              src={logoUrl}
              alt={`Logo de ${sale.emisor_nombre}`}
              sx={{ maxHeight: narrow ? 56 : 72, maxWidth: '60%', mb: 0.5 }}
            />
          )}
          <Box sx={{ fontWeight: 700, fontSize: '1.15em' }}>{sale.emisor_nombre}</Box>
          <div>RUC {sale.emisor_ruc}</div>
          <div>{sale.emisor_direccion}</div>
        </Box>
        <Box
          sx={{
            border: narrow ? 0 : '1px solid currentColor',
            borderRadius: 1,
            px: 2,
            py: 1,
            textAlign: 'center',
            fontWeight: 700,
            minWidth: narrow ? 0 : { sm: '70mm' },
          }}
        >
          {!narrow && <div>RUC {sale.emisor_ruc}</div>}
          <div>{RECEIPT_TITLES[sale.tipo_comp]}</div>
          <div>{sale.comprobante}</div>
        </Box>
      </Box>

      <Box sx={rule} />
      <div>Fecha: {formatDateTime(sale.fecha)}</div>
      {sale.cliente_nombre && <div>Cliente: {sale.cliente_nombre}</div>}
      {docLabel && sale.cliente_doc && (
        <div>
          {docLabel}: {sale.cliente_doc}
        </div>
      )}
      {sale.usuario && <div>Atendido por: {sale.usuario}</div>}
      <Box sx={rule} />

      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: 'inherit',
          '& th, & td': { py: 0.25, px: 0.5, verticalAlign: 'top' },
          '& th': { borderBottom: '1px solid currentColor', textAlign: 'left' },
          '& .num': { textAlign: 'right', whiteSpace: 'nowrap' },
        }}
      >
        <thead>
          <tr>
            <th className="num">Cant.</th>
            <th>Descripción</th>
            <th className="num">P. unit.</th>
            <th className="num">Importe</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((line) => (
            <tr key={line.linea}>
              <td className="num">{line.cantidad}</td>
              <td>{line.descripcion}</td>
              <td className="num">{line.precio_unitario}</td>
              <td className="num">{line.total}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={rule} />

      <AmountRows rows={totalRows} />
      <Box sx={{ mt: 1, fontWeight: 700 }}>{sale.monto_letras}</Box>
      <Box sx={rule} />
      <AmountRows rows={paymentRows} />
      <Box sx={{ ...rule, mb: 0.5 }} />
      <Box sx={{ textAlign: 'center' }}>{RECEIPT_TEXTS.thanks}</Box>
    </Box>
  );
}

function AmountRows({ rows }: { rows: [string, string, boolean?][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, m: 0 }}
    >
      {rows.map(([label, amount, strong]) => (
        <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 700 : undefined }}>
          <Box component="dt" sx={{ textAlign: 'right' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {amount}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The WhatsApp message: who, which receipt, when, what, how much, and thanks. */
export function whatsappLink(sale: Sale, phone: string | null): string {
  const lines = [
    sale.emisor_nombre,
    `${RECEIPT_TITLES[sale.tipo_comp]} ${sale.comprobante}`,
    ...(sale.anulada ? [RECEIPT_TEXTS.voided] : []),
    `Fecha: ${formatDateTime(sale.fecha)}`,
    '',
    ...sale.items.map(
      (line) => `${line.cantidad} x ${line.descripcion}: ${formatMoney(line.total)}`,
    ),
    '',
    `Total: ${formatMoney(sale.total)}`,
    ...(sale.propina !== '0.00' ? [`Propina: ${formatMoney(sale.propina)}`] : []),
    '',
    RECEIPT_TEXTS.thanks,
  ];
  return `https://wa.me/${phone ? `51${phone}` : ''}?text=${encodeURIComponent(lines.join('\n'))}`;
}

/* The dialog */

export interface ReceiptDialogProps {
  /** The sale shown; null closes the dialog. */
  saleId: number | null;
  onClose(): void;
}

/** A sale's receipt: print it (A4 or 80 mm), send it by WhatsApp, void it. */
export function ReceiptDialog({ saleId, onClose }: ReceiptDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={saleId !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle>{RECEIPT_TEXTS.title}</DialogTitle>
      {saleId !== null && <ReceiptContent key={saleId} saleId={saleId} onClose={onClose} />}
    </Dialog>
  );
}

function ReceiptContent({ saleId, onClose }: { saleId: number; onClose(): void }) {
  const sale = useSale(saleId);
  const brand = useBrand();
  const { can } = usePermissions();
  const phone = useClientPhone(sale.data?.id_cli ?? null);
  const [paper, setPaper] = useState<Paper>({ format: 'a4', rollLength: 297 });
  const printCopy = useRef<HTMLDivElement>(null);
  const [voiding, setVoiding] = useState(false);

  const print = (format: PaperFormat) => {
    // The copy is laid out at the paper's width first, then measured for the roll's length;
    // both must be on the page before the browser lays it out for printing.
    flushSync(() => setPaper((current) => ({ ...current, format })));
    const height = printCopy.current?.getBoundingClientRect().height ?? 0;
    const rollLength = Math.ceil(height * MM_PER_PX) + 2 * PAPER['80mm'].margin + 4;
    flushSync(() => setPaper({ format, rollLength }));
    window.print();
  };

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
      <PrintStyles paper={paper} />
      {createPortal(
        <Box ref={printCopy} className={PRINT_CLASS} sx={{ color: '#000', bgcolor: '#fff' }}>
          <Receipt sale={data} logoUrl={brand.logoUrl} format={paper.format} />
        </Box>,
        document.body,
      )}
      <Frame
        onClose={onClose}
        actions={
          <>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => print('a4')}>
              {RECEIPT_TEXTS.printA4}
            </Button>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => print('80mm')}>
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

/* Voiding */

const voidFields: FieldDef<'motivo'>[] = [
  { name: 'motivo', label: 'Motivo', kind: 'textarea', maxLength: 200, width: 12, autoFocus: true },
];

/** 'Anular venta': the reason (5 to 200 characters), then PATCH /api/venta/anular. */
function VoidDialog({ sale, onClose }: { sale: Sale | null; onClose(): void }) {
  const client = useQueryClient();
  return (
    <Dialog open={sale !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{RECEIPT_TEXTS.voidTitle}</DialogTitle>
      <DialogContent>
        {sale && (
          <Stack sx={{ pt: 1 }}>
            <ResourceForm<typeof SaleVoidSchema>
              fields={voidFields}
              schema={SaleVoidSchema}
              defaultValues={{ id: sale.id_venta, motivo: '' }}
              submitLabel={RECEIPT_TEXTS.voidSubmit}
              errorTitle={RECEIPT_TEXTS.voidErrorTitle}
              onSubmit={async (values) => {
                const answer = await callWithMessage(SALE_ENDPOINTS.void, { body: values });
                toast.success(answer.message ?? SALE_MESSAGES.voided);
                void refreshAfterSale(client);
                onClose();
              }}
              onCancel={onClose}
            >
              {`${RECEIPT_TITLES[sale.tipo_comp]} ${sale.comprobante} · ${formatMoney(sale.total)}`}
            </ResourceForm>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
