import Box from '@mui/material/Box';
import { PAYMENT_METHODS, SUNAT_CUSTOMER_DOC_CODES, type Sale } from '@app/domain';
import { formatDateTime, formatMoney } from '../../lib/format';
import { RECEIPT_TEXTS, receiptTitle } from './receipt-texts';

/**
 * The receipt as printed (decisions §receipt): what the server stored when the sale was issued,
 * never recomputed, laid out for A4 or for 80 mm thermal paper.
 */

/** Catálogo 06, in words: the label of the customer's document. */
const DOC_LABELS: Record<string, string> = {
  [SUNAT_CUSTOMER_DOC_CODES.dni]: 'DNI',
  [SUNAT_CUSTOMER_DOC_CODES.ruc]: 'RUC',
  [SUNAT_CUSTOMER_DOC_CODES.ce]: 'C.E.',
  [SUNAT_CUSTOMER_DOC_CODES.pasaporte]: 'Pasaporte',
};

/** The paper a receipt is laid out for. */
export type PaperFormat = 'a4' | '80mm';

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
  const title = receiptTitle(sale);
  const cashier = sale.cajero ?? sale.usuario;
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
      aria-label={`${title} ${sale.comprobante}`}
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
          <div>{title}</div>
          <div>{sale.comprobante}</div>
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
          <div>Fecha: {formatDateTime(sale.fecha)}</div>
          {sale.cliente_nombre && <div>Cliente: {sale.cliente_nombre}</div>}
          {docLabel && sale.cliente_doc && (
            <div>
              {docLabel}: {sale.cliente_doc}
            </div>
          )}
        </div>
        <div>
          {sale.mascota && (
            <div>
              {RECEIPT_TEXTS.pet}: {sale.mascota}
            </div>
          )}
          {sale.groomer && (
            <div>
              {RECEIPT_TEXTS.groomer}: {sale.groomer}
            </div>
          )}
          {cashier && (
            <div>
              {RECEIPT_TEXTS.cashier}: {cashier}
            </div>
          )}
        </div>
      </Box>
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
