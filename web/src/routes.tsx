import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BarChartIcon from '@mui/icons-material/BarChart';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import ChatIcon from '@mui/icons-material/Chat';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import InsightsIcon from '@mui/icons-material/Insights';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LayersIcon from '@mui/icons-material/Layers';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import MobileFriendlyIcon from '@mui/icons-material/MobileFriendly';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaymentsIcon from '@mui/icons-material/Payments';
import PercentIcon from '@mui/icons-material/Percent';
import PersonIcon from '@mui/icons-material/Person';
import PetsIcon from '@mui/icons-material/Pets';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import TodayIcon from '@mui/icons-material/Today';
import VaccinesIcon from '@mui/icons-material/Vaccines';
import {
  NOTIFICATION_LINKS,
  UNVERIFIED_DEPOSITS_PATH,
  VACCINE_PROPOSALS_PERMISSION,
} from '@app/domain';
import { heading, lazyNamed, navLink, route, type AppEntry } from './app/route-entries';

/**
 * The composition root: the ONE routes array. The router and the sidenav both read it; the
 * sidenav shows headings, links and the routes that have `nav`, in this order (spec §000-2).
 * To give a route its real screen, swap its `screen` for
 * `lazyNamed(() => import('./features/clients/clients'), 'ClientsPage')`. A route that needs a
 * permission (decisions §roles) declares it as its `access`: the sidenav hides it from a role
 * without it, and a deep link shows 'Sin permiso'.
 */

const Login = lazyNamed(() => import('./features/accounts/login'), 'LoginPage');
const Tables = lazyNamed(() => import('./demo/tables'), 'TablesPage');
const Billing = lazyNamed(() => import('./demo/billing'), 'BillingPage');
const Rtl = lazyNamed(() => import('./demo/rtl'), 'RtlPage');
const Notifications = lazyNamed(() => import('./demo/notifications'), 'NotificationsPage');
const ProfileOverview = lazyNamed(() => import('./demo/profile'), 'ProfileOverviewPage');
const DemoSignIn = lazyNamed(() => import('./demo/sign-in'), 'DemoSignInPage');
const DemoSignUp = lazyNamed(() => import('./demo/sign-up'), 'DemoSignUpPage');
const Clients = lazyNamed(() => import('./features/clients/clients'), 'ClientsPage');
const ClientImport = lazyNamed(
  () => import('./features/clients/client-import'),
  'ClientImportPage',
);
const Pets = lazyNamed(() => import('./features/clients/pets'), 'PetsPage');
const Services = lazyNamed(() => import('./features/catalogue/services'), 'ServicesPage');
const Packages = lazyNamed(() => import('./features/catalogue/packages'), 'PackagesPage');
const Bonos = lazyNamed(() => import('./features/catalogue/bonos'), 'BonosPage');
const Consents = lazyNamed(() => import('./features/catalogue/consents'), 'ConsentsPage');
const Users = lazyNamed(() => import('./features/accounts/users'), 'UsersPage');
const Employees = lazyNamed(() => import('./features/employees/employees'), 'EmployeesPage');
const Account = lazyNamed(() => import('./features/accounts/account'), 'AccountPage');
const PasswordForgot = lazyNamed(
  () => import('./features/accounts/password'),
  'PasswordForgotPage',
);
const PasswordReset = lazyNamed(() => import('./features/accounts/password'), 'PasswordResetPage');
/** Shown instead of the app while a generated password waits to be changed (issue 28 §1). */
export const ForcedPasswordChange = lazyNamed(
  () => import('./features/accounts/password'),
  'ForcedPasswordChangePage',
);
const Signup = lazyNamed(() => import('./features/accounts/signup'), 'SignupPage');
const Dashboard = lazyNamed(() => import('./features/dashboard'), 'DashboardPage');
const Settings = lazyNamed(() => import('./features/settings/settings'), 'SettingsPage');
const Agenda = lazyNamed(() => import('./features/agenda/calendar-page'), 'AgendaPage');
const MyDay = lazyNamed(() => import('./features/agenda/my-day'), 'MyDayPage');
const Appointments = lazyNamed(() => import('./features/agenda/appointments'), 'AppointmentsPage');
const Audit = lazyNamed(() => import('./features/audit/audit'), 'AuditPage');
const History = lazyNamed(() => import('./features/history/history-page'), 'HistoryPage');
const Reservations = lazyNamed(() => import('./features/agenda/reservations'), 'ReservationsPage');
const Sales = lazyNamed(() => import('./features/checkout/sales-page'), 'SalesPage');
const CashClose = lazyNamed(() => import('./features/checkout/cash-close'), 'CashClosePage');
const ElectronicReceipts = lazyNamed(
  () => import('./features/electronic-receipts/electronic-receipts-page'),
  'ElectronicReceiptsPage',
);
const SalesReport = lazyNamed(() => import('./features/reports/sales-report'), 'SalesReportPage');
const AppointmentsReport = lazyNamed(
  () => import('./features/reports/appointments-report'),
  'AppointmentsReportPage',
);
const ReservationsReport = lazyNamed(
  () => import('./features/reports/reservations-report'),
  'ReservationsReportPage',
);
const CommissionsReport = lazyNamed(
  () => import('./features/reports/commissions-report'),
  'CommissionsReportPage',
);
const Products = lazyNamed(() => import('./features/products/products-page'), 'ProductsPage');
const Reminders = lazyNamed(() => import('./features/agenda/reminders-page'), 'RemindersPage');
const Waitlist = lazyNamed(() => import('./features/agenda/waitlist'), 'WaitlistPage');
const OnlineRequests = lazyNamed(
  () => import('./features/agenda/online-requests'),
  'OnlineRequestsPage',
);
const UnverifiedDeposits = lazyNamed(
  () => import('./features/checkout/unverified-deposits'),
  'UnverifiedDepositsPage',
);
const VaccineProposals = lazyNamed(
  () => import('./features/clients/vaccine-proposals'),
  'VaccineProposalsPage',
);
const Messages = lazyNamed(() => import('./features/agenda/messages'), 'MessagesPage');
const Complaints = lazyNamed(
  () => import('./features/complaints/complaints-page'),
  'ComplaintsPage',
);

export const appEntries: readonly AppEntry[] = [
  route('/dashboard', {
    name: 'Dashboard',
    screen: Dashboard,
    nav: { label: 'Dashboard', icon: <DashboardIcon /> },
  }),

  heading('RESERVAS Y AGENDA'),
  route('/agenda', {
    name: 'Agenda',
    access: 'agenda.leer',
    screen: Agenda,
    nav: { label: 'Agenda', icon: <CalendarMonthIcon /> },
  }),
  // A groomer's own day (issue 30 §5), where signing in takes a groomer (lib/use-profile.ts).
  route('/mi-dia', {
    name: 'Mi día',
    access: 'agenda.atender',
    screen: MyDay,
    nav: { label: 'Mi día', icon: <TodayIcon /> },
  }),
  route('/citas', {
    name: 'Citas',
    access: 'agenda.leer',
    screen: Appointments,
    nav: { label: 'Citas', icon: <EventIcon /> },
  }),
  route('/reservaciones', {
    name: 'Reservaciones',
    access: 'agenda.leer',
    screen: Reservations,
    nav: { label: 'Reservaciones', icon: <EventAvailableIcon /> },
  }),
  route('/lista-espera', {
    name: 'Lista de espera',
    access: 'agenda.leer',
    screen: Waitlist,
    nav: { label: 'Lista de espera', icon: <HourglassTopIcon /> },
  }),
  // The bookings of the public /reservar page awaiting approval (DESIGN §11.4).
  route(NOTIFICATION_LINKS.onlineRequests, {
    name: 'Solicitudes en línea',
    access: 'agenda.escribir',
    screen: OnlineRequests,
    nav: { label: 'Solicitudes en línea', icon: <MobileFriendlyIcon /> },
  }),
  // WhatsApp both ways (DESIGN §11.5): the conversations kept per number, and the replies.
  route('/mensajes', {
    name: 'Mensajes',
    access: 'agenda.escribir',
    screen: Messages,
    nav: { label: 'Mensajes', icon: <ChatIcon /> },
  }),
  route('/recordatorios', {
    name: 'Recordatorios',
    access: 'agenda.escribir',
    screen: Reminders,
    nav: { label: 'Recordatorios', icon: <NotificationsActiveIcon /> },
  }),
  route('/historial-citas', {
    name: 'Historial de Citas',
    access: 'historial.leer',
    screen: History,
    nav: { label: 'Historial de Citas', icon: <HistoryIcon /> },
  }),

  heading('CAJA'),
  route('/ventas', {
    name: 'Ventas',
    access: 'caja.cobrar',
    screen: Sales,
    nav: { label: 'Ventas', icon: <ReceiptLongIcon /> },
  }),
  route('/caja', {
    name: 'Cierre de caja',
    access: 'caja.cobrar',
    screen: CashClose,
    nav: { label: 'Cierre de caja', icon: <PointOfSaleIcon /> },
  }),
  // Deposits by Yape, Plin or transfer to check in the bank's app (DESIGN §11.6).
  route(UNVERIFIED_DEPOSITS_PATH, {
    name: 'Adelantos por verificar',
    access: 'caja.cobrar',
    screen: UnverifiedDeposits,
    nav: { label: 'Adelantos por verificar', icon: <PaymentsIcon /> },
  }),
  // Each receipt's way to SUNAT (DESIGN §11.2): the admins follow them.
  route('/comprobantes-electronicos', {
    name: 'Comprobantes electrónicos',
    access: 'caja.administrar',
    screen: ElectronicReceipts,
    nav: { label: 'Comprobantes electrónicos', icon: <FactCheckIcon /> },
  }),

  heading('USUARIOS/EMPLEADOS'),
  route('/mi-perfil', {
    name: 'Perfil',
    screen: Account,
    nav: { label: 'Perfil', icon: <PersonIcon /> },
  }),

  heading('SERVICIOS'),
  route('/servicios', {
    name: 'Lista de Servicios',
    access: 'catalogo.leer',
    screen: Services,
    nav: { label: 'Lista de Servicios', icon: <ContentCutIcon /> },
  }),
  route('/paquetes', {
    name: 'Lista de Paquetes',
    access: 'catalogo.leer',
    screen: Packages,
    nav: { label: 'Lista de Paquetes', icon: <LayersIcon /> },
  }),
  route('/bonos', {
    name: 'Lista de Bonos',
    access: 'catalogo.leer',
    screen: Bonos,
    nav: { label: 'Lista de Bonos', icon: <CardGiftcardIcon /> },
  }),
  // The releases signed at the counter (DESIGN §11.8): the admins write them.
  route('/consentimientos', {
    name: 'Consentimientos',
    access: 'agenda.leer',
    screen: Consents,
    nav: { label: 'Consentimientos', icon: <HistoryEduIcon /> },
  }),

  heading('CLIENTES Y MASCOTAS'),
  route('/clientes', {
    name: 'Clientes',
    access: 'clientes.leer',
    screen: Clients,
    nav: { label: 'Clientes', icon: <GroupIcon /> },
  }),
  route('/mascotas', {
    name: 'Mascotas/Perros',
    access: 'clientes.leer',
    screen: Pets,
    nav: { label: 'Mascotas/Perros', icon: <PetsIcon /> },
  }),
  // The vaccine cards clients sent from /mi-cuenta, awaiting review (DESIGN §11.5).
  route('/carnes-por-revisar', {
    name: 'Carnés por revisar',
    access: VACCINE_PROPOSALS_PERMISSION,
    screen: VaccineProposals,
    nav: { label: 'Carnés por revisar', icon: <VaccinesIcon /> },
  }),

  heading('INVENTARIO'),
  route('/productos', {
    name: 'Productos',
    access: 'catalogo.leer',
    screen: Products,
    nav: { label: 'Productos', icon: <Inventory2Icon /> },
  }),

  heading('REPORTES'),
  route('/reportes/ventas', {
    name: 'Reporte Ventas',
    access: 'caja.administrar',
    screen: SalesReport,
    nav: { label: 'Reporte Ventas', icon: <AssessmentIcon /> },
  }),
  route('/reportes/citas', {
    name: 'Reporte Citas',
    access: 'reportes.leer',
    screen: AppointmentsReport,
    nav: { label: 'Reporte Citas', icon: <BarChartIcon /> },
  }),
  // The spec's menu lists 'Reporte Citas' twice; kept as it is.
  navLink('reportes/citas#2', '/reportes/citas', {
    label: 'Reporte Citas',
    icon: <BarChartIcon />,
  }),
  route('/reportes/reservaciones', {
    name: 'Reporte Reservaciones',
    access: 'reportes.leer',
    screen: ReservationsReport,
    nav: { label: 'Reporte Reservaciones', icon: <InsightsIcon /> },
  }),
  // What each groomer earned of their citas' sales, and the periods closed (DESIGN §11.7).
  route('/reportes/comisiones', {
    name: 'Comisiones',
    access: 'caja.administrar',
    screen: CommissionsReport,
    nav: { label: 'Comisiones', icon: <PercentIcon /> },
  }),

  heading('CONFIGURACIONES'),
  route('/ajustes', {
    name: 'Ajustes',
    access: 'ajustes.escribir',
    screen: Settings,
    nav: { label: 'Ajustes', icon: <SettingsIcon /> },
  }),
  route('/users', {
    name: 'Usuarios',
    access: 'usuarios.administrar',
    screen: Users,
    nav: { label: 'Usuarios', icon: <ManageAccountsIcon /> },
  }),
  route('/empleados', {
    name: 'Empleados',
    access: 'empleados.leer',
    screen: Employees,
    nav: { label: 'Empleados', icon: <BadgeIcon /> },
  }),

  heading('ADMINISTRACIÓN'),
  route('/auditoria', {
    name: 'Auditoría',
    access: 'auditoria.leer',
    screen: Audit,
    nav: { label: 'Auditoría', icon: <ManageSearchIcon /> },
  }),
  // The hojas filed on the public /libro-reclamaciones page (DESIGN §11.3), and their due dates.
  route('/reclamos', {
    name: 'Libro de Reclamaciones',
    access: 'reclamos.atender',
    screen: Complaints,
    nav: { label: 'Libro de Reclamaciones', icon: <MenuBookIcon /> },
  }),

  // Signed-in screens outside the sidenav.
  route('/clientes/importar', {
    name: 'Importar clientes',
    access: 'datos.administrar',
    screen: ClientImport,
  }),
  route('/user-profile', { name: 'User Profile', screen: Account }),
  // The template's demonstration screens (spec §000-1): by address only, never in a menu, each
  // with its 'Página de demostración' banner (demo/demo-banner.tsx); so are /sign-in, /sign-up.
  route('/profile', { name: 'Profile', screen: ProfileOverview }),
  route('/tables', { name: 'Tables', screen: Tables }),
  route('/billing', { name: 'Billing', screen: Billing }),
  route('/rtl-page', { name: 'RTL', screen: Rtl }),
  route('/notifications', { name: 'Notifications', screen: Notifications }),

  // Screens used without a session.
  route('/login', { name: 'Login', screen: Login, access: 'guest' }),
  route('/signup', { name: 'SignUp', screen: Signup, access: 'public' }),
  route('/password-forgot', { name: 'Password Forgot', screen: PasswordForgot, access: 'public' }),
  route('/password-reset', { name: 'Password Reset', screen: PasswordReset, access: 'public' }),
  route('/sign-in', { name: 'SignIn', screen: DemoSignIn, access: 'public' }),
  route('/sign-up', { name: 'SignUp', screen: DemoSignUp, access: 'public' }),
];
