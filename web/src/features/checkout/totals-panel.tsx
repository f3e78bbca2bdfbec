import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SaleTotals } from '@app/domain';
import { formatMoney } from '../../lib/format';
import { BONO_COVER_TEXTS } from './bono-cover';
import { CHECKOUT_TEXTS } from './checkout-texts';

interface TotalsPanelProps {
  /** The sale's totals, the parts the client's bonos cover at S/. 0.00. */
  totals: SaleTotals;
  /** What those covered parts would have cost; null when no bono covers any. */
  covered: string | null;
}

/** The sale's totals as typed so far, the total in words under them. */
export function TotalsPanel({ totals, covered }: TotalsPanelProps) {
  const { text, cents } = totals;
  const amount = (label: string, value: string, strong = false) => ({
    label,
    shown: formatMoney(value),
    strong,
  });
  // The total, IGV included, splits into its base and its IGV; a discount comes off before.
  const rows = [
    ...(cents.discount > 0
      ? [
          amount('Ítems', text.items),
          { label: 'Descuento', shown: `-${formatMoney(text.discount)}`, strong: false },
        ]
      : []),
    amount('Subtotal (sin IGV)', text.subtotal),
    amount('IGV 18%', text.igv),
    amount('Total', text.total, true),
    amount('Propina', text.tip),
    amount('A pagar', text.due, true),
    amount('Pagado', text.paid),
    amount('Falta', text.missing),
    amount('Vuelto', text.change),
  ];
  return (
    <Box
      component="section"
      aria-labelledby="checkout-totals"
      sx={{ p: 2, borderRadius: 2, border: 1, borderColor: 'divider', mt: { md: 2 } }}
    >
      <Typography id="checkout-totals" variant="h6" component="h3" sx={{ fontSize: '1rem', mb: 1 }}>
        {CHECKOUT_TEXTS.totals}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(({ label, shown, strong }) => (
          <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 700 : undefined }}>
            <Box component="dt">{label}</Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
              {shown}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, fontStyle: 'italic' }}>
        {totals.words}
      </Typography>
      {covered !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {BONO_COVER_TEXTS.covered(covered)}
        </Typography>
      )}
    </Box>
  );
}
