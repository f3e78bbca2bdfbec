export { bookingSettingsModule } from './booking-settings-routes';
export { onlineRequestsModule, pendingRequestsCount } from './requests';
export { publicBookingModule } from './public-booking';
export { publicAvailabilityModule } from './public-availability';
