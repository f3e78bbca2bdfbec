export {
  CrudPage,
  type CrudConfig,
  type CreateConfig,
  type EditConfig,
  type StatusConfig,
} from './crud-page';
export {
  CheckboxGroupField,
  type CheckboxGroupFieldProps,
  type CheckboxOption,
} from './checkbox-group-field';
export { DataTable, type Column } from './data-table';
export { dayRangeFilters, FilterBar, registrationDayFilters, type FilterDef } from './filter-bar';
export { useListParams, type FilterValues } from './list-params';
export {
  listErrorMessage,
  useFilteredList,
  useListQuery,
  useResourceMutation,
  useStatusChange,
  type StatusChange,
} from './queries';
export {
  FieldInput,
  ResourceForm,
  type FieldDef,
  type FieldRenderProps,
  type FormValues,
} from './resource-form';
export {
  ImageChooser,
  useImageChoice,
  type ImageChoice,
  type ImageChooserProps,
  type ImageRules,
} from './image-chooser';
export { RowMenu, type RowMenuItem } from './row-menu';
export {
  recordStatusActions,
  StatusBadge,
  StatusChip,
  statusOptions,
  type StatusAction,
} from './status';
export { ExportButtons, type ExportButtonsProps } from './export-buttons';
export {
  ImportFileChooser,
  ImportPreview,
  useFileImport,
  type FileImport,
  type FileImportOptions,
  type ImportFileChooserProps,
  type ImportPreviewProps,
} from './file-import';
export { ReasonDialog, type ReasonDialogTexts } from './reason-dialog';
