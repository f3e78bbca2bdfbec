import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  /** The line under the title. */
  hint: ReactNode;
  children: ReactNode;
}

/** A card's heading and the line under it. */
export function CardHeading({ title, hint }: Omit<SectionCardProps, 'children'>) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </>
  );
}

/** A card with a heading and a line under it, filling its grid cell: a table, a timeline. */
export function SectionCard({ title, hint, children }: SectionCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <Box sx={{ p: 2 }}>
        <CardHeading title={title} hint={hint} />
      </Box>
      {children}
    </Card>
  );
}
