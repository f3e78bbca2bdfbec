export { notificationsFor, notificationsModule } from './notifications';
