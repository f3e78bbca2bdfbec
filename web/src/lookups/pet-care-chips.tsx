import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { PET_ALERTS, VACCINE_STATES, type PetCare } from '@app/domain';

export interface PetCareChipsProps {
  care: PetCare;
  /**
   * 'card': on a coloured calendar card, the chips take the card's text colour (outlined), so
   * they read on any status or groomer colour; 'page' (default): each alert's own colour.
   */
  variant?: 'page' | 'card';
  /** Shows the care note under the chips (forms, dialogs); a list row keeps to the chips. */
  showNotes?: boolean;
}

/**
 * What a groomer must see before touching the pet (decisions §pet-alerts): its alerts ('Muerde'...)
 * and the state of its vaccines as coloured chips, and its care notes. Nothing when all is
 * clear. Spans throughout: the calendar's list card is a button, which holds phrasing content.
 */
export function PetCareChips({ care, variant = 'page', showNotes = false }: PetCareChipsProps) {
  const vaccine = VACCINE_STATES.find((v) => v.id === care.vacunas);
  const notes = showNotes && care.notas_cuidado;
  if (care.alertas.length === 0 && !vaccine && !notes) return null;
  const onCard = variant === 'card';
  const chips = [
    ...care.alertas.map((id) => PET_ALERTS.find((a) => a.id === id) ?? PET_ALERTS[5]),
    ...(vaccine ? [vaccine] : []),
  ];
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Stack component="span" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}>
        {chips.map((chip) => (
          <Chip
            key={chip.id}
            component="span"
            size="small"
            label={chip.nombre}
            {...(onCard
              ? {
                  variant: 'outlined',
                  sx: {
                    color: 'inherit',
                    borderColor: 'currentColor',
                    height: 18,
                    fontSize: '0.7rem',
                  },
                }
              : { color: chip.color, sx: { fontWeight: 600 } })}
          />
        ))}
      </Stack>
      {notes && (
        <Stack
          component="span"
          direction="row"
          sx={{ alignItems: 'flex-start', gap: 0.5, mt: 0.5, color: 'text.secondary' }}
        >
          <InfoOutlinedIcon fontSize="small" aria-hidden />
          <Box component="span" sx={{ typography: 'body2' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Notas de cuidado:{' '}
            </Box>
            {notes}
          </Box>
        </Stack>
      )}
    </Box>
  );
}
