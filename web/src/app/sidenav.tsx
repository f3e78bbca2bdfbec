import PetsIcon from '@mui/icons-material/Pets';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link, useLocation } from 'react-router';
import { useBrand, type Brand } from './brand';
import { firstSegment, type SidenavRow } from './route-entries';
import { useShellSettings } from './shell-settings';
import { ACCENTS, SIDENAV_GAP, SIDENAV_WIDTH, sidenavSurface } from './theme';

export interface SidenavProps {
  rows: readonly SidenavRow[];
  /** Window of 1200 px or more: the sidenav is docked instead of a temporary drawer. */
  wide: boolean;
  open: boolean;
  onClose: () => void;
}

export const SIDENAV_LABEL = 'Menú principal';

function BrandHeader({ brand, color }: { brand: Brand; color: string }) {
  return (
    <Box
      component={Link}
      to="/dashboard"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 3,
        py: 3,
        color,
        textDecoration: 'none',
      }}
    >
      {brand.logoUrl ? (
        <Box
          component="img"
          src={brand.logoUrl}
          alt=""
          sx={{ width: 32, height: 32, objectFit: 'contain' }}
        />
      ) : (
        <PetsIcon />
      )}
      <Typography
        variant="subtitle1"
        component="span"
        sx={{ fontWeight: 700, color: 'inherit' }}
        noWrap
      >
        {brand.name}
      </Typography>
    </Box>
  );
}

export function Sidenav({ rows, wide, open, onClose }: SidenavProps) {
  const { sidenavColor, sidenavType, darkMode } = useShellSettings();
  const brand = useBrand();
  const { pathname } = useLocation();
  const activeSegment = firstSegment(pathname);
  // Transparent and white only make sense docked beside the page (spec §000-2: off below 1200 px).
  const type = wide ? sidenavType : 'dark';
  const surface = sidenavSurface(type, darkMode);
  const accent = ACCENTS[sidenavColor];

  return (
    <Drawer
      variant={wide ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{
        paper: {
          sx: {
            width: SIDENAV_WIDTH,
            background: surface.background,
            color: surface.text,
            border: 'none',
            ...(wide && {
              m: `${SIDENAV_GAP}px`,
              height: `calc(100vh - ${2 * SIDENAV_GAP}px)`,
              borderRadius: 3,
              boxShadow: type === 'transparent' ? 'none' : 3,
            }),
          },
        },
      }}
    >
      <BrandHeader brand={brand} color={surface.text} />
      <Divider sx={{ borderColor: alpha(surface.text, 0.2), mx: 2 }} />
      <Box
        component="nav"
        aria-label={SIDENAV_LABEL}
        data-sidenav-type={type}
        data-sidenav-color={sidenavColor}
        sx={{ overflowY: 'auto', flex: 1 }}
      >
        <List dense sx={{ px: 1.5, pb: 2 }}>
          {rows.map((row) => {
            if (row.kind === 'heading') {
              return (
                <ListSubheader
                  key={row.key}
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    color: alpha(surface.text, 0.8),
                    fontSize: '0.72rem',
                    fontWeight: 700,
                    lineHeight: 2.5,
                    mt: 1.5,
                  }}
                >
                  {row.title}
                </ListSubheader>
              );
            }
            const active = firstSegment(row.path) === activeSegment;
            return (
              <ListItem key={row.key} disablePadding>
                <ListItemButton
                  component={Link}
                  to={row.path}
                  aria-current={active ? 'page' : undefined}
                  onClick={wide ? undefined : onClose}
                  sx={{
                    my: 0.25,
                    borderRadius: 1.5,
                    color: active ? '#fff' : surface.text,
                    background: active ? accent.gradient : 'transparent',
                    boxShadow: active ? `0 3px 8px ${alpha(accent.main, 0.4)}` : 'none',
                    '&:hover': { background: active ? accent.gradient : alpha(surface.text, 0.1) },
                  }}
                >
                  <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>{row.icon}</ListItemIcon>
                  <ListItemText
                    primary={row.label}
                    slotProps={{ primary: { sx: { fontSize: '0.875rem' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
