export { openingHours, settingsModule } from './settings';
