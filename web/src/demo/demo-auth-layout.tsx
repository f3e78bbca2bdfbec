import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { GradientBox } from '../app/cards/gradient-box';
import { DemoBanner } from './demo-banner';

export interface DemoAuthLayoutProps {
  title: string;
  subtitle?: string;
  /** Shown under the title inside the gradient header, such as social buttons. */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * The standalone frame of the demo sign-in and sign-up pages (outside the app shell): a centred
 * card with a floating gradient header on a full-window gradient background.
 */
export function DemoAuthLayout({ title, subtitle, headerExtra, children }: DemoAuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 6,
        backgroundImage:
          'linear-gradient(195deg, rgba(66, 66, 74, 0.6), rgba(25, 25, 25, 0.6)), linear-gradient(135deg, #1A73E8 0%, #7b1fa2 50%, #e91e63 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 400, display: 'grid', gap: 5 }}>
        <DemoBanner />
        <Card sx={{ width: '100%', overflow: 'visible' }}>
          <GradientBox color="info" sx={{ mx: 2, mt: -3, p: 2, mb: 1, textAlign: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" sx={{ mt: 1, opacity: 0.9 }}>
                {subtitle}
              </Typography>
            )}
            {headerExtra}
          </GradientBox>
          <Box sx={{ pt: 3, pb: 3, px: 3 }}>{children}</Box>
        </Card>
      </Box>
    </Box>
  );
}
