import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  ELECTRONIC_STATE_COLORS,
  ELECTRONIC_STATE_LABELS,
  electronicReceiptsLink,
  type Dashboard,
} from '@app/domain';
import { Link as RouterLink } from 'react-router';
import { CardHeading } from '../../app/cards/section-card';

const count = new Intl.NumberFormat('es-PE');

export const ELECTRONIC_TODAY_TEXTS = {
  title: 'Comprobantes electrónicos de hoy',
  hint: 'Por su estado ante SUNAT: cada uno abre la lista',
  /** 'Aceptado: 12'. */
  chip: (label: string, total: number) => `${label}: ${count.format(total)}`,
} as const;

/**
 * Today's electronic receipts and notes by state (DESIGN §11.2), for who follows them: a row of
 * chips, each naming its state and count and opening CAJA › 'Comprobantes electrónicos' on it.
 * Nothing at all on a day without any, or for who may not follow them.
 */
export function ElectronicReceiptsToday({ data }: { data: Dashboard }) {
  const states = data.electronicReceiptsToday ?? [];
  if (states.length === 0) return null;
  return (
    <Card component="section" aria-label={ELECTRONIC_TODAY_TEXTS.title} sx={{ mt: 3 }}>
      <Box sx={{ p: 2 }}>
        <CardHeading title={ELECTRONIC_TODAY_TEXTS.title} hint={ELECTRONIC_TODAY_TEXTS.hint} />
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          {states.map(({ estado, total }) => (
            <Chip
              key={estado}
              component={RouterLink}
              to={electronicReceiptsLink({ estado, desde: data.today, hasta: data.today })}
              clickable
              label={ELECTRONIC_TODAY_TEXTS.chip(ELECTRONIC_STATE_LABELS[estado], total)}
              color={ELECTRONIC_STATE_COLORS[estado]}
              sx={{ fontWeight: 700 }}
            />
          ))}
        </Stack>
      </Box>
    </Card>
  );
}
