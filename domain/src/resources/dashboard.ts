/**
 * `GET /api/dashboard`: the business at a glance, in one call. Days and months are those of
 * America/Lima; money is numeric(10,2) as strings, never floats.
 */

export interface DashboardStatusCount {
  id_est: number;
  total: number;
}

export interface DashboardDay {
  /** `YYYY-MM-DD` in Lima. */
  day: string;
  total: number;
}

export interface DashboardMonth {
  /** `YYYY-MM` in Lima. */
  month: string;
  /** Sum of the prices of the month's completed appointments, e.g. '1250.00'. */
  revenue: string;
}

export interface DashboardAppointment {
  id_cita: number;
  fec_cita: string;
  id_est: number;
  cliente: { id_cli: number; nom_cli: string; ape_cli: string };
  perro: { id_perro: number; nom_perro: string };
  /** The service's or the package's name. */
  item: string;
  tipo: 'servicio' | 'paquete';
}

export type DashboardActivityKind = 'cita' | 'reservacion' | 'cliente';

export interface DashboardActivity {
  kind: DashboardActivityKind;
  id: number;
  /** When it was registered. */
  at: string;
  /** Client's full name. */
  cliente: string;
  /** Pet's name; null for a client. */
  mascota: string | null;
  /** Appointment or reservation date; null for a client. */
  fec_cita: string | null;
}

export interface Dashboard {
  /** Today's date in Lima, `YYYY-MM-DD`: the day the figures are about. */
  today: string;
  appointmentsToday: { total: number; byStatus: DashboardStatusCount[] };
  /** Pendiente reservations whose date is today or later. */
  pendingReservations: number;
  activeClients: number;
  /** Clients registered since the first day of this month. */
  newClientsThisMonth: number;
  activePets: number;
  revenue: {
    thisMonth: string;
    lastMonth: string;
    /** Change against last month in percent, one decimal; null when last month had none. */
    changePct: number | null;
  };
  /** The last 14 days, oldest first, today included; appointments not eliminated. */
  appointmentsPerDay: DashboardDay[];
  /** The last 6 months, oldest first, this month included. */
  revenuePerMonth: DashboardMonth[];
  upcoming: DashboardAppointment[];
  recentActivity: DashboardActivity[];
}
