export { agendaModule } from './agenda';
export { appointmentColumns, appointmentList, appointmentsModule } from './appointments';
export { agendaFilters } from './booking';
export { remindersModule, startReminderTimer } from './reminders';
export { expireBeforeRead, reservationsModule } from './reservations';
export { lockGroomer, requireAttend } from './scheduling';
export { seriesModule } from './series';
export { waitlistModule } from './waitlist';
export { assertGroomerFree } from './scheduling';
