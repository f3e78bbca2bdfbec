export { NavbarSearch } from './navbar-search';
export { useSearch } from './use-search';
export { renderSearchGroup, renderSearchOption, type SearchListOption } from './search-list';
