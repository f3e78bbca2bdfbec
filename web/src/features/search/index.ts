export { NavbarSearch } from './navbar-search';
