import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GradientBox, type GradientColor } from './gradient-box';

export interface StatCardProps {
  color: GradientColor;
  icon: ReactNode;
  /** Shown above the figure; also the name of the card's region. */
  title: string;
  value: ReactNode;
  /** The line under the divider. */
  footer: ReactNode;
  /** Typography of the figure: Material Dashboard's h4, smaller where figures run long. */
  valueVariant?: 'h4' | 'h5';
}

/**
 * Material Dashboard's statistics card: a gradient icon over the top edge, the title and the
 * figure at the end of the row (right, or left right to left), a note under a divider.
 */
export function StatCard({
  color,
  icon,
  title,
  value,
  footer,
  valueVariant = 'h4',
}: StatCardProps) {
  return (
    <Card
      role="region"
      aria-label={title}
      sx={{ overflow: 'visible', mt: 3, height: 'calc(100% - 24px)' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1, px: 2 }}>
        <GradientBox
          color={color}
          sx={{
            width: 64,
            height: 64,
            mt: -3,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 3,
          }}
        >
          {icon}
        </GradientBox>
        <Box sx={{ textAlign: 'end' }}>
          <Typography
            variant="button"
            component="p"
            color="text.secondary"
            sx={{ fontWeight: 300 }}
          >
            {title}
          </Typography>
          <Typography
            variant={valueVariant}
            component="p"
            sx={{ fontWeight: 700 }}
            data-testid="stat-value"
          >
            {/* A figure reads left to right in either direction. */}
            <bdi>{value}</bdi>
          </Typography>
        </Box>
      </Stack>
      <Divider sx={{ mt: 2 }} />
      <Typography variant="body2" color="text.secondary" component="div" sx={{ p: 2 }}>
        {footer}
      </Typography>
    </Card>
  );
}

/** A change or a count in a card's note, in bold and its colour: '+55%', '+3 nuevos'. */
export function Emphasis({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Box component="span" sx={{ color, fontWeight: 700 }}>
      {children}
    </Box>
  );
}
