export { dashboardModule, lowStock } from './dashboard';
