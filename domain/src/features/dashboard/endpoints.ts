import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { DashboardChartsSchema, DashboardSchema } from './dashboard';

/**
 * The start page's figures: any signed-in user reads them; the revenue only shows to whom
 * `DASHBOARD_REVENUE_PERMISSION` grants it (the handler leaves it out otherwise).
 */
export const DASHBOARD_ENDPOINTS = defineEndpoints('dashboard', {
  figures: {
    method: 'GET',
    path: '/dashboard',
    response: successOf(DashboardSchema),
    permission: 'sesion',
  },
  /** Its charts, apart: the page shows its figures and answers clicks before these come. */
  charts: {
    method: 'GET',
    path: '/dashboard/graficos',
    response: successOf(DashboardChartsSchema),
    permission: 'sesion',
  },
});
