import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useWideScreen } from '../lib/breakpoints';
import { useShellSettings } from './shell-settings';
import { ACCENTS, SIDENAV_COLORS, type SidenavType } from './theme';

export const CONFIGURATOR_TEXTS = {
  title: 'Ajustes de Interfaz',
  close: 'Cerrar',
  colors: 'Colores del menú lateral',
  types: 'Tipo de menú lateral',
  darkMode: 'Modo oscuro',
} as const;

/** Spec §000-2: Oscuro = bg-gradient-dark, Transparente = bg-transparent, Blanco = bg-white. */
const TYPE_LABELS: Record<SidenavType, string> = {
  dark: 'Oscuro',
  transparent: 'Transparente',
  white: 'Blanco',
};

export interface ConfiguratorProps {
  open: boolean;
  onClose: () => void;
}

/** 'Ajustes de Interfaz': sidenav colour, sidenav type and light/dark mode. */
export function Configurator({ open, onClose }: ConfiguratorProps) {
  const settings = useShellSettings();
  const wide = useWideScreen();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 }, p: 3 } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {CONFIGURATOR_TEXTS.title}
        </Typography>
        <IconButton aria-label={CONFIGURATOR_TEXTS.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider sx={{ my: 2 }} />

      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {CONFIGURATOR_TEXTS.colors}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ my: 1.5 }}
        role="group"
        aria-label={CONFIGURATOR_TEXTS.colors}
      >
        {SIDENAV_COLORS.map((color) => {
          const selected = settings.sidenavColor === color;
          return (
            <ButtonBase
              key={color}
              aria-label={color}
              aria-pressed={selected}
              onClick={() => settings.setSidenavColor(color)}
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                background: ACCENTS[color].gradient,
                border: 2,
                borderColor: selected ? 'text.primary' : 'transparent',
                transform: selected ? 'scale(1.15)' : 'none',
                transition: 'transform 120ms',
                '&:hover': { transform: 'scale(1.15)' },
              }}
            />
          );
        })}
      </Stack>

      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
        {CONFIGURATOR_TEXTS.types}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ my: 1.5 }}
        role="group"
        aria-label={CONFIGURATOR_TEXTS.types}
      >
        {(Object.keys(TYPE_LABELS) as SidenavType[]).map((type) => {
          const selected = settings.sidenavType === type;
          return (
            <Button
              key={type}
              fullWidth
              size="small"
              variant={selected ? 'contained' : 'outlined'}
              color="inherit"
              aria-pressed={selected}
              disabled={!wide && type !== 'dark'}
              onClick={() => settings.setSidenavType(type)}
              sx={selected ? { background: ACCENTS.dark.gradient, color: '#fff' } : undefined}
            >
              {TYPE_LABELS[type]}
            </Button>
          );
        })}
      </Stack>

      <Divider sx={{ my: 2 }} />
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={settings.darkMode}
              onChange={(event) => settings.setDarkMode(event.target.checked)}
            />
          }
          label={CONFIGURATOR_TEXTS.darkMode}
        />
      </Box>
    </Drawer>
  );
}
