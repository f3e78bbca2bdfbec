import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageContainerProps {
  /** The page's heading (h2: the top bar's route name is the h1). */
  title?: string;
  /** Buttons on the heading's line, such as 'Añadir Usuario'. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every screen renders into, inside the shell's main area. */
export function PageContainer({ title, actions, children }: PageContainerProps) {
  return (
    <Box component="section" sx={{ py: 3 }}>
      {(title || actions) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          {title && (
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
          )}
          {actions}
        </Stack>
      )}
      {children}
    </Box>
  );
}
