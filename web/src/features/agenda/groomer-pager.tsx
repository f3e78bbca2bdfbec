import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface PagedGroomer {
  id: number;
  title: string;
}

interface GroomerPagerProps {
  groomers: PagedGroomer[];
  /** The index of the groomer shown. */
  shown: number;
  onStep(step: -1 | 1): void;
}

/**
 * A phone's day shows one groomer at a time: a swipe turns to the next (groomer-swipe.ts), and
 * these buttons do the same for a keyboard or a screen reader.
 */
export function GroomerPager({ groomers, shown, onStep }: GroomerPagerProps) {
  const previous = groomers[shown - 1];
  const next = groomers[shown + 1];
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <IconButton
        onClick={() => onStep(-1)}
        disabled={!previous}
        aria-label={previous ? `Groomer anterior: ${previous.title}` : 'Groomer anterior'}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Typography component="p" aria-live="polite" sx={{ fontWeight: 700, textAlign: 'center' }}>
        {groomers[shown]?.title}{' '}
        <Typography component="span" sx={{ color: 'text.secondary' }}>
          ({shown + 1}/{groomers.length})
        </Typography>
      </Typography>
      <IconButton
        onClick={() => onStep(1)}
        disabled={!next}
        aria-label={next ? `Groomer siguiente: ${next.title}` : 'Groomer siguiente'}
      >
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
