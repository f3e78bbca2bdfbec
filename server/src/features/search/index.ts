export { searchFor, searchModule, searchStatement } from './search';
