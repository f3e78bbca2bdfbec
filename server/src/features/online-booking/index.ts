export { bookingSettingsModule } from './booking-settings-routes';
export { onlineRequestsModule, pendingRequestsCount } from './requests';
export { hourlyLimit, LINK_CALLS_PER_HOUR, publicBookingModule } from './public-booking';
export { publicAvailabilityModule } from './public-availability';
export { freeGroomersAt } from './availability';
export { readOnlineBookingSettings } from './booking-settings';
export {
  appointmentLinkPath,
  createAppointmentLink,
  linkedAppointmentId,
  linkTokenHash,
  newLinkToken,
  purgeExpiredLinks,
} from './appointment-links';
