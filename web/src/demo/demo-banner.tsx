import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The banner on top of every demonstration screen (spec §000-1): the template's sample content,
 * reachable by its address but in no menu, says so before anyone mistakes it for the salon's
 * data. In Spanish and left to right, also on the Arabic RTL page.
 */
export function DemoBanner({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Alert
      severity="info"
      role="note"
      aria-label="Página de demostración"
      lang="es"
      dir="ltr"
      sx={sx}
    >
      <AlertTitle>Página de demostración</AlertTitle>
      Contenido de ejemplo de la plantilla: no son datos de la peluquería y no se guarda nada.
    </Alert>
  );
}
