/**
 * `GET /api/dashboard`: the business at a glance, its cards and lists; `GET
 * /api/dashboard/graficos`: its charts, asked after (issue 30 §16: the page is usable before the
 * charts). Days and months are those of America/Lima; money is numeric(10,2) as strings, never
 * floats.
 */
import { z } from 'zod';
import { isoDateTime, isoDay, money } from '../../api';
import type { Permission } from '../../permissions';
import { ElectronicStateCountSchema } from '../electronic-receipts/receipts';

const count = z.number().int();

export const DashboardStatusCountSchema = z.strictObject({
  id_est: z.number().int(),
  total: count,
});
export type DashboardStatusCount = z.infer<typeof DashboardStatusCountSchema>;

export const DashboardDaySchema = z.strictObject({ day: isoDay, total: count });
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

export const DashboardMonthSchema = z.strictObject({
  /** `YYYY-MM` in Lima. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Sum of the prices of the month's completed appointments, e.g. '1250.00'. */
  revenue: money,
});
export type DashboardMonth = z.infer<typeof DashboardMonthSchema>;

export const DashboardAppointmentSchema = z.strictObject({
  id_cita: z.number().int(),
  fec_cita: isoDateTime,
  id_est: z.number().int(),
  cliente: z.strictObject({ id_cli: z.number().int(), nom_cli: z.string(), ape_cli: z.string() }),
  perro: z.strictObject({ id_perro: z.number().int(), nom_perro: z.string() }),
  /** The service's or the package's name. */
  item: z.string(),
  tipo: z.enum(['servicio', 'paquete']),
});
export type DashboardAppointment = z.infer<typeof DashboardAppointmentSchema>;

export const DashboardActivitySchema = z.strictObject({
  kind: z.enum(['cita', 'reservacion', 'cliente']),
  id: z.number().int(),
  /** When it was registered. */
  at: isoDateTime,
  /** Client's full name. */
  cliente: z.string(),
  /** Pet's name; null for a client. */
  mascota: z.string().nullable(),
  /** Appointment or reservation date; null for a client. */
  fec_cita: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof DashboardActivitySchema>;
export type DashboardActivityKind = DashboardActivity['kind'];

/** An active product at or below its minimum stock. */
export const DashboardLowStockItemSchema = z.strictObject({
  id_prod: z.number().int(),
  sku: z.string(),
  nom_prod: z.string(),
  stock: count,
  stock_min: count,
});
export type DashboardLowStockItem = z.infer<typeof DashboardLowStockItemSchema>;

export const DashboardLowStockSchema = z.strictObject({
  /** Every active product at or below its minimum. */
  total: count,
  /** The first five of them, lowest stock first. */
  items: z.array(DashboardLowStockItemSchema),
});
export type DashboardLowStock = z.infer<typeof DashboardLowStockSchema>;

export const DashboardSchema = z.strictObject({
  /** Today's date in Lima: the day the figures are about. */
  today: isoDay,
  appointmentsToday: z.strictObject({
    /** Today's citas that are to happen or happened: neither deleted nor cancelled. */
    total: count,
    /** Each status of today's citas, deleted included (the page leaves that one out). */
    byStatus: z.array(DashboardStatusCountSchema),
  }),
  /** Pendiente reservations whose date is today or later. */
  pendingReservations: count,
  activeClients: count,
  /** Clients registered since the first day of this month. */
  newClientsThisMonth: count,
  activePets: count,
  /**
   * The money ('Ingresos') goes only to who may read the sales report (`caja.administrar`):
   * absent for anyone else, as is the charts' `revenuePerMonth`.
   */
  revenue: z
    .strictObject({
      thisMonth: money,
      lastMonth: money,
      /** Change against last month in percent, one decimal; null when last month had none. */
      changePct: z.number().nullable(),
    })
    .optional(),
  upcoming: z.array(DashboardAppointmentSchema),
  recentActivity: z.array(DashboardActivitySchema),
  lowStock: DashboardLowStockSchema,
  /**
   * Today's electronic receipts and notes by state (DESIGN §11.2), the states that have any: only
   * for who follows them (CAJA › 'Comprobantes electrónicos', `caja.administrar`).
   */
  electronicReceiptsToday: z.array(ElectronicStateCountSchema).optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** The dashboard's charts (`GET /api/dashboard/graficos`). */
export const DashboardChartsSchema = z.strictObject({
  /** Today's date in Lima: the last day charted. */
  today: isoDay,
  /** The last 14 days, oldest first, today included; citas neither deleted nor cancelled. */
  appointmentsPerDay: z.array(DashboardDaySchema),
  /** Today's citas by status, every status there is (deleted included). */
  todayByStatus: z.array(DashboardStatusCountSchema),
  /** The last 6 months, oldest first, this month included; only with the money permission. */
  revenuePerMonth: z.array(DashboardMonthSchema).optional(),
});
export type DashboardCharts = z.infer<typeof DashboardChartsSchema>;

/** The permission that shows the dashboard's money: the sales report's. */
export const DASHBOARD_REVENUE_PERMISSION = 'caja.administrar' satisfies Permission;
