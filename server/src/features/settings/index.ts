export { openingHours, settingsModule } from './settings';
export {
  activeCertificateExpiry,
  electronicSettingsModule,
  sendingSettings,
  signingSettings,
  type SendingSettings,
} from './electronic-settings';
