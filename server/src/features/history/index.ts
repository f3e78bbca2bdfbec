export { historyModule } from './history';
