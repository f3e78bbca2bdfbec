import { successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import { NOTIFICATIONS_PATH, NotificationsSchema } from './notifications';

/** The navbar's bell: what needs the signed-in user's attention, by what their role may do. */
export const NOTIFICATION_ENDPOINTS = defineEndpoints('notificaciones', {
  list: {
    method: 'GET',
    path: NOTIFICATIONS_PATH,
    response: successOf(NotificationsSchema),
    permission: 'sesion',
  },
});
