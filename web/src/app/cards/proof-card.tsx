import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ProofCardProps {
  /** The article's heading id, unique on the page. */
  headingId: string;
  title: string;
  /** The picture sent as proof, opened full size in a new tab; null when there is none. */
  picture: { url: string; alt: string; openLabel: string } | null;
  /** What was sent, to compare with the picture. */
  facts: readonly (readonly [string, string])[];
  /** The answers to it: buttons. */
  actions: ReactNode;
}

/**
 * Something a client sent with a picture as proof (a vaccine card, a deposit's Yape), waiting for
 * staff: the picture beside what was written, to compare, and the answers.
 */
export function ProofCard({ headingId, title, picture, facts, actions }: ProofCardProps) {
  return (
    <Card component="article" aria-labelledby={headingId}>
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        {picture && (
          <Link
            href={picture.url}
            target="_blank"
            rel="noopener"
            title={picture.openLabel}
            sx={{ flexShrink: 0, display: 'block', bgcolor: 'action.hover' }}
          >
            <Box
              component="img"
              src={picture.url}
              alt={picture.alt}
              loading="lazy"
              sx={{
                display: 'block',
                width: { xs: '100%', sm: 240 },
                height: 180,
                objectFit: 'contain',
              }}
            />
          </Link>
        )}
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
          <CardContent>
            <Typography id={headingId} variant="h6" component="h3">
              {title}
            </Typography>
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0 },
              }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
          <CardActions sx={{ mt: 'auto', px: 2, pb: 2 }}>{actions}</CardActions>
        </Box>
      </Stack>
    </Card>
  );
}
