/**
 * Lookups several features share: a record found by what staff type (a client by DNI). Their
 * own layer, so that features use them without importing one another.
 */
export {
  CLIENT_LOOKUP_TEXTS,
  KnownClientProvider,
  useClientByDni,
  type ClientLookupState,
  type FoundClient,
} from './client-by-dni';
export {
  availablePackagesQuery,
  availableServicesQuery,
  useAvailablePackages,
  useAvailableServices,
} from './available-catalogue';
export { ClientDniField, type ClientDniFieldProps } from './client-dni-field';
export { PetCareChips, type PetCareChipsProps } from './pet-care-chips';
export {
  CLIENT_BONOS_TEXTS,
  ClientBonosNotice,
  clientBonosQuery,
  useClientBonos,
} from './client-bonos';
export {
  CATALOGUE_ITEM_TEXTS,
  CatalogueItemSelect,
  catalogueChoice,
  type CatalogueItemKind,
} from './catalogue-item-select';
export {
  CATALOGUE_LINES_TEXTS,
  CatalogueLinesField,
  catalogueLineOf,
  newCatalogueLine,
  type CatalogueLine,
  type CatalogueLineAmount,
  type CatalogueLinesFieldProps,
} from './catalogue-lines-field';
