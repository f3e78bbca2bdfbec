import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import HomeIcon from '@mui/icons-material/Home';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import PaymentsIcon from '@mui/icons-material/Payments';
import VaccinesIcon from '@mui/icons-material/Vaccines';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import {
  LOGIN_MESSAGES,
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_TEXTS,
  SEARCH_TEXTS,
  type NotificationKind,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType, type MouseEvent, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../lib/alerts';
import { ApiError, call, queryKey } from '../lib/api';
import { signOut } from '../lib/auth';
import { useLoggedIn } from '../lib/session';
import { useSession } from '../lib/use-session';
import { useRouteName } from './route-entries';

export const NAVBAR_TEXTS = {
  search: SEARCH_TEXTS.label,
  home: 'Inicio',
  toggleSidenav: 'Menú lateral',
  settings: 'Ajustes de Interfaz',
  notifications: 'Notificaciones',
  account: 'Cuenta',
  profile: 'Mi Perfil',
  logout: 'Cerrar Sesión',
  notificationsLoading: 'Cargando notificaciones…',
  notificationsError: 'No se pudieron cargar las notificaciones',
} as const;

export const NOTIFICATIONS_QUERY_KEY = queryKey(NOTIFICATION_ENDPOINTS.list);

/**
 * Each kind of notice with its icon: what runs out, what comes tomorrow, what expires today, the
 * signing certificate about to expire, the electronic receipts SUNAT has not accepted, the hojas
 * of the Libro de Reclamaciones close to their legal due date.
 */
const NOTIFICATION_ICONS: Record<NotificationKind, ReactElement> = {
  stock_bajo: <Inventory2Icon fontSize="small" color="warning" />,
  citas_manana: <EventIcon fontSize="small" color="info" />,
  reservas_por_vencer: <HourglassBottomIcon fontSize="small" color="error" />,
  certificado_por_vencer: <GppMaybeIcon fontSize="small" color="error" />,
  comprobantes_sin_aceptar: <FactCheckIcon fontSize="small" color="error" />,
  reclamos_por_vencer: <MenuBookIcon fontSize="small" color="error" />,
  solicitudes_en_linea: <EventAvailableIcon fontSize="small" color="info" />,
  carnes_por_revisar: <VaccinesIcon fontSize="small" color="info" />,
  espacios_liberados: <EventBusyIcon fontSize="small" color="info" />,
  adelantos_por_verificar: <PaymentsIcon fontSize="small" color="info" />,
};

/**
 * The bell's notices (GET /api/notificaciones, decisions §notifications), worked out by the server
 * for the user's role: read again every minute, when the window comes back to the front and when
 * the bell is opened.
 */
function useNotifications() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => call(NOTIFICATION_ENDPOINTS.list, { signal }),
    enabled: loggedIn,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export interface NavbarProps {
  sidenavOpen: boolean;
  onToggleSidenav: () => void;
  onOpenConfigurator: () => void;
  /**
   * The search box (the search feature's, given by the composition root: app/ imports no
   * feature); a plain field until it loads, or without one.
   */
  search?: ComponentType;
}

/** The box's place while the search loads, or when none is given. */
function SearchPlaceholder() {
  return (
    <TextField
      label={NAVBAR_TEXTS.search}
      size="small"
      sx={{ mr: 1, flex: { xs: 1, md: 'none' }, width: { md: 320 } }}
    />
  );
}

type MenuName = 'account' | 'notifications';

export function Navbar({
  sidenavOpen,
  onToggleSidenav,
  onOpenConfigurator,
  search: Search,
}: NavbarProps) {
  const name = useRouteName();
  const navigate = useNavigate();
  const { data: user } = useSession();
  const notifications = useNotifications();
  const notificationCount = notifications.data?.total ?? 0;
  const [menu, setMenu] = useState<{ name: MenuName; anchor: HTMLElement } | null>(null);

  const openMenu = (menuName: MenuName) => (event: MouseEvent<HTMLElement>) =>
    setMenu({ name: menuName, anchor: event.currentTarget });
  const closeMenu = () => setMenu(null);

  const openNotifications = (event: MouseEvent<HTMLElement>) => {
    openMenu('notifications')(event);
    // What the bell lists is worth the one call it costs: it shows as of now.
    void notifications.refetch();
  };

  const goToProfile = () => {
    closeMenu();
    void navigate('/user-profile');
  };

  const logout = async () => {
    closeMenu();
    try {
      await signOut();
      await navigate('/login', { replace: true });
    } catch (error) {
      // A 401 already showed 'Sesión expirada'; otherwise the session stays (spec §000-4).
      if (error instanceof ApiError && error.sessionExpired) return;
      toast.error(
        error instanceof Error && error.message ? error.message : LOGIN_MESSAGES.serverError,
      );
    }
  };

  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={(theme) => ({
        top: 12,
        mt: 1.5,
        borderRadius: 3,
        backdropFilter: 'saturate(200%) blur(30px)',
        backgroundColor: alpha(theme.palette.background.paper, 0.8),
        boxShadow: theme.shadows[1],
      })}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ px: 2, py: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box>
          <Breadcrumbs aria-label="breadcrumb" sx={{ fontSize: '0.875rem' }}>
            <Box
              component={Link}
              to="/dashboard"
              aria-label={NAVBAR_TEXTS.home}
              sx={{ display: 'flex', color: 'text.secondary' }}
            >
              <HomeIcon fontSize="small" />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.primary' }} aria-current="page">
              {name}
            </Typography>
          </Breadcrumbs>
          {/* The screen's one h1: the pages' own titles are h2 under it. */}
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
            {name}
          </Typography>
        </Box>

        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {Search ? (
            <Suspense fallback={<SearchPlaceholder />}>
              <Search />
            </Suspense>
          ) : (
            <SearchPlaceholder />
          )}
          <IconButton aria-label={NAVBAR_TEXTS.account} onClick={openMenu('account')}>
            <AccountCircleIcon />
          </IconButton>
          <IconButton
            aria-label={NAVBAR_TEXTS.toggleSidenav}
            aria-expanded={sidenavOpen}
            onClick={onToggleSidenav}
          >
            {sidenavOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <IconButton aria-label={NAVBAR_TEXTS.settings} onClick={onOpenConfigurator}>
            <SettingsIcon />
          </IconButton>
          <IconButton
            // The name carries the count the badge shows (the badge itself is hidden from it).
            aria-label={`${NAVBAR_TEXTS.notifications}: ${notificationCount}`}
            onClick={openNotifications}
          >
            {/* No badge at 0 (MUI hides it), '99+' past 99. */}
            <Badge
              badgeContent={notificationCount}
              color="error"
              slotProps={{ badge: { 'aria-hidden': true } }}
            >
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </Stack>
      </Stack>

      <Menu
        anchorEl={menu?.anchor}
        open={menu?.name === 'account'}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user && (
          <Box sx={{ px: 2, py: 1 }} data-testid="session-user">
            <Typography variant="subtitle2">{`${user.name} ${user.surname}`.trim()}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {user.login}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        <MenuItem onClick={goToProfile}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{NAVBAR_TEXTS.profile}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{NAVBAR_TEXTS.logout}</ListItemText>
        </MenuItem>
      </Menu>

      <Menu
        anchorEl={menu?.anchor}
        open={menu?.name === 'notifications'}
        onClose={closeMenu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxWidth: 380 } } }}
      >
        {notifications.data ? (
          notifications.data.items.length > 0 ? (
            notifications.data.items.map((item, index) => (
              // A link: Enter or a click opens the screen it names, in the app's router. Keyed
              // by place, so a refetch while the menu is open keeps the focus where it was.
              <MenuItem
                key={`${item.tipo}-${index}`}
                component={Link}
                to={item.enlace}
                onClick={closeMenu}
                sx={{ whiteSpace: 'normal' }}
              >
                <ListItemIcon>{NOTIFICATION_ICONS[item.tipo]}</ListItemIcon>
                <ListItemText>{item.texto}</ListItemText>
              </MenuItem>
            ))
          ) : (
            <MenuItem disabled>
              <ListItemText>{NOTIFICATION_TEXTS.empty}</ListItemText>
            </MenuItem>
          )
        ) : (
          <MenuItem disabled>
            <ListItemText>
              {notifications.isError
                ? NAVBAR_TEXTS.notificationsError
                : NAVBAR_TEXTS.notificationsLoading}
            </ListItemText>
          </MenuItem>
        )}
      </Menu>
    </AppBar>
  );
}
