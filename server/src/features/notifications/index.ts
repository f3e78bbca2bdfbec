export { notificationsModule } from './notifications';
