export { NavbarSearch } from './navbar-search';
export { useSearch } from './use-search';
