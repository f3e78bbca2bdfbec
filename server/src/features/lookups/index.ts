export { type Engine, lookupsModule } from './lookups';
