import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ACCENTS } from '../theme';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * The card of the screens used without a session (sign-up, password flows), in Material
 * Dashboard's style: a gradient header floating over the card's top edge.
 */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Card sx={{ width: '100%', maxWidth: 420, overflow: 'visible', mt: 4 }}>
      <Box
        sx={{
          mx: 2,
          mt: -3,
          py: 2.5,
          px: 2,
          borderRadius: 2,
          background: ACCENTS.info.gradient,
          boxShadow: '0 4px 20px rgba(0,0,0,0.14), 0 7px 10px -5px rgba(26,115,232,0.4)',
          color: '#fff',
          textAlign: 'center',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" sx={{ mt: 1, opacity: 0.9 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      <CardContent sx={{ p: 3 }}>{children}</CardContent>
    </Card>
  );
}
