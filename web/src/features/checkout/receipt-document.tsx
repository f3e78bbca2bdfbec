import Box from '@mui/material/Box';
import { useMemo } from 'react';
import {
  CUSTOMER_DOC_LABELS,
  printedDocument,
  RECEIPT_PRINT_TEXTS as T,
  receiptAmounts,
  type ReceiptAmountRow,
  type ReceiptDocument,
  type ReceiptPaper,
  type Sale,
} from '@app/domain';
import { formatDateTime, formatMoney } from '../../lib/format';
import { qrImage } from './qr-image';

/**
 * The receipt as printed (decisions §receipt): what the server stored when the sale was issued,
 * never recomputed, laid out for A4 or for 80 mm thermal paper; or the nota de crédito that
 * voided it. Its PDF (server/src/features/checkout/receipt-pdf.ts) says the same.
 */

/** The paper a receipt is laid out for. */
export type PaperFormat = ReceiptPaper;

interface ReceiptProps {
  sale: Sale;
  /** The receipt, or its nota de crédito. */
  document?: ReceiptDocument;
  logoUrl: string | null;
  format: PaperFormat;
}

/** The receipt itself, in the colour of the text around it (white paper when printed). */
export function Receipt({ sale, document: shown = 'comprobante', logoUrl, format }: ReceiptProps) {
  const narrow = format === '80mm';
  const printed = printedDocument(sale, shown);
  const { totals, payments } = receiptAmounts(sale, shown);
  const docLabel = CUSTOMER_DOC_LABELS[sale.cliente_doc_tipo];
  const cashier = sale.cajero ?? sale.usuario;
  const rule = { borderTop: '1px dashed currentColor', my: 1 };
  const voidedReceipt = shown === 'comprobante' && sale.anulada;

  return (
    <Box
      component="article"
      aria-label={`${printed.title} ${printed.number}`}
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
      {voidedReceipt && (
        <Box
          role="note"
          sx={{
            border: '3px double currentColor',
            textAlign: 'center',
            p: 1,
            mb: 1.5,
          }}
        >
          <Box sx={{ fontSize: '1.6em', fontWeight: 700, letterSpacing: '0.2em' }}>{T.voided}</Box>
          {sale.motivo_anulacion && (
            <div>
              {T.reason}: {sale.motivo_anulacion}
            </div>
          )}
          {sale.anulada_at && (
            <div>
              {formatDateTime(sale.anulada_at)}
              {sale.anulada_por ? ` · ${sale.anulada_por}` : ''}
            </div>
          )}
          {sale.nota_credito && (
            <div>
              {T.creditNote} {sale.nota_credito.comprobante} ·{' '}
              {formatDateTime(sale.nota_credito.fecha)}
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
          <div>{printed.title}</div>
          <div>{printed.number}</div>
        </Box>
      </Box>

      <Box sx={rule} />
      {/* The buyer on the left, the visit and who charged it on the right (one column on 80 mm). */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: narrow ? 'column' : { xs: 'column', sm: 'row' },
          columnGap: 2,
          '& > div': { flex: 1 },
        }}
      >
        <div>
          <div>
            {T.date}: {formatDateTime(printed.fecha)}
          </div>
          {sale.cliente_nombre && (
            <div>
              {T.client}: {sale.cliente_nombre}
            </div>
          )}
          {docLabel && sale.cliente_doc && (
            <div>
              {docLabel}: {sale.cliente_doc}
            </div>
          )}
        </div>
        <div>
          {sale.mascota && (
            <div>
              {T.pet}: {sale.mascota}
            </div>
          )}
          {sale.groomer && (
            <div>
              {T.groomer}: {sale.groomer}
            </div>
          )}
          {cashier && (
            <div>
              {T.cashier}: {cashier}
            </div>
          )}
        </div>
      </Box>
      {printed.modifies && (
        <>
          <Box sx={rule} />
          <div>
            {T.modifies}: {printed.modifies}
          </div>
          <div>
            {T.reason}: {printed.reason}
          </div>
        </>
      )}
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
            <th className="num">{T.quantity}</th>
            <th>{T.description}</th>
            <th className="num">{T.unitPrice}</th>
            <th className="num">{T.amount}</th>
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

      <AmountRows rows={totals} />
      <Box sx={{ mt: 1, fontWeight: 700 }}>{sale.monto_letras}</Box>
      {payments.length > 0 && (
        <>
          <Box sx={rule} />
          <AmountRows rows={payments} />
        </>
      )}
      {printed.qr !== null && (
        <>
          <Box sx={rule} />
          <Box
            sx={{
              display: 'flex',
              flexDirection: narrow ? 'column' : 'row',
              alignItems: 'center',
              gap: 2,
              textAlign: narrow ? 'center' : 'left',
            }}
          >
            <ReceiptQr text={printed.qr} alt={T.qrAlt(printed.title, printed.number)} />
            <div>
              <div>{printed.representation}</div>
              <Box sx={{ overflowWrap: 'anywhere' }}>
                {T.hash}: {printed.hash}
              </Box>
            </div>
          </Box>
        </>
      )}
      <Box sx={{ ...rule, mb: 0.5 }} />
      <Box sx={{ textAlign: 'center' }}>{T.thanks}</Box>
    </Box>
  );
}

/** The receipt's QR (SUNAT's text: RUC|tipo|serie|número|...), black on white on any screen. */
function ReceiptQr({ text, alt }: { text: string; alt: string }) {
  const src = useMemo(() => qrImage(text), [text]);
  return <Box component="img" src={src} alt={alt} sx={{ width: 110, height: 110, flex: 'none' }} />;
}

function AmountRows({ rows }: { rows: ReceiptAmountRow[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, m: 0 }}
    >
      {rows.map(({ label, amount, negative, strong }) => (
        <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 700 : undefined }}>
          <Box component="dt" sx={{ textAlign: 'right' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {negative ? '-' : ''}
            {formatMoney(amount)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
