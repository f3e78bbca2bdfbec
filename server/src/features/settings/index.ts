export { openingHours, settingsModule } from './settings';
export {
  activeCertificateExpiry,
  electronicSettingsModule,
  signingSettings,
} from './electronic-settings';
