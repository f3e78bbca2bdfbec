import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ApiSuccess, CrudEndpoints, ResourceDescriptor } from '@app/domain';
import { PageContainer } from '../app/page-container';
import { toast } from '../lib/alerts';
import { callWithMessage } from '../lib/api';
import { usePermissions } from '../lib/use-profile';
import { DataTable, type Column } from './data-table';
import { FilterBar, type FilterDef } from './filter-bar';
import type { FilterValues } from './list-params';
import { listErrorMessage, useFilteredList, useResourceMutation, useStatusChange } from './queries';
import { ResourceForm, type FieldDef, type FormValues } from './resource-form';
import { RowMenu, type RowMenuItem } from './row-menu';
import { recordStatusActions, type StatusAction } from './status';
import { ExportButtons } from './export-buttons';

export interface FormConfig<Row> {
  title: string;
  fields: FieldDef[];
  schema: z.ZodType;
  errorTitle: string;
  /** The body's object before it is sent as the `json` field; the form values by default. */
  toPayload?(values: FormValues, row?: Row): object;
}

export interface CreateConfig<Row> extends FormConfig<Row> {
  defaults(): FormValues;
  submitLabel?: string;
  /** The endpoint the form's output is sent to, when not the resource's register (a cita's series). */
  endpoint?(payload: object): CrudEndpoints<Row>['register'];
}

export interface EditConfig<Row> extends FormConfig<Row> {
  /** The form's values from the row; the resource's `toInput` by default. */
  fromRow?(row: Row): FormValues;
}

export interface StatusConfig<Row> {
  current(row: Row): number;
  /** What the confirmation names: '¿Está seguro de suspender {subject}?' ('este cliente'). */
  subject: string;
  /** The error dialog's title, or one per action ('Error al eliminar la mascota'). */
  errorTitle: string | ((action: StatusAction) => string);
  actions?(row: Row): StatusAction[];
  question?(action: StatusAction, row: Row): string;
  /** Runs once the server has changed the row's status (a freed cita offers its time). */
  onChanged?(row: Row, status: number): void;
}

export interface CrudConfig<Row> {
  /** The resource's declaration: its query key (writes invalidate it), paths and row id. */
  resource: ResourceDescriptor<Row>;
  title: string;
  addLabel?: string;
  rowLabel(row: Row): string;
  columns: Column<Row>[];
  filters: FilterDef[];
  filterDefaults(): FilterValues;
  advancedLabels?: { show: string; hide: string };
  create?: CreateConfig<Row>;
  edit?: EditConfig<Row>;
  status?: StatusConfig<Row>;
  /**
   * Further row menu items (Triaje...), after Editar. Like Editar and the status actions they
   * need the resource's write permission unless they name another (`access`).
   */
  menuItems?(row: Row): RowMenuItem[];
  /** Row menu items before Editar (packages: Ver Servicios, Gestionar Servicios, then Editar). */
  leadingMenuItems?(row: Row): RowMenuItem[];
  loadingText?: string;
  emptyText?: string;
  /**
   * The warning when the list fails to load (spec §001-8: 'No se recibieron datos de los
   * servicios').
   */
  loadErrorText?: string;
  /** Modals the extra menu items open, rendered beside the list. */
  children?: ReactNode;
  /** What the screen shows above its filters (the waitlist's freed times). */
  above?: ReactNode;
  /**
   * Buttons on the heading's line before the add button, told the filters the list shows
   * (an export of what they select, an import).
   */
  pageActions?(filters: FilterValues): ReactNode;
}

export interface CrudPageProps<Row> {
  config: CrudConfig<Row>;
  /**
   * Opens the registration form at once, these values over `create.defaults()`: a record made
   * from another one (the employees' 'Crear Usuario de Sistema').
   */
  createWith?: FormValues;
}

/**
 * The spec's list pattern: header with the add button, search area, server-paginated table
 * with a three-dot menu per row, the registration form that replaces the list, the edit modal
 * and confirmed status changes. What the user's role may not do (decisions §roles, the resource's
 * `access`) is not offered: without its write permission there is no add button, no Editar and
 * no status action, and a row whose menu would be empty has none.
 */
export function CrudPage<Row>({ config, createWith }: CrudPageProps<Row>) {
  const { resource } = config;
  const { params, list, onSearch, setPage, setPerPage } = useFilteredList<Row>(
    resource.endpoints.list,
    config.filterDefaults,
  );
  const { can } = usePermissions();
  const canWrite = can(resource.access.write);
  const mutation = useResourceMutation(resource.plural);
  const changeStatusOf = useStatusChange(resource);
  const [creating, setCreating] = useState(createWith !== undefined);
  const [prefill, setPrefill] = useState(createWith);
  const closeCreate = () => {
    setCreating(false);
    setPrefill(undefined);
  };
  const [editing, setEditing] = useState<Row | null>(null);

  const save = async (write: () => Promise<ApiSuccess<unknown>>) => {
    const answer = await mutation.mutateAsync(write);
    if (answer.message) toast.success(answer.message);
  };

  const changeStatus = (status: StatusConfig<Row>, row: Row, action: StatusAction) =>
    changeStatusOf({
      id: resource.rowId(row),
      status: action.status,
      question:
        status.question?.(action, row) ?? `¿Está seguro de ${action.verb} ${status.subject}?`,
      errorTitle:
        typeof status.errorTitle === 'string' ? status.errorTitle : status.errorTitle(action),
    });

  const menuFor = (row: Row): RowMenuItem[] => {
    const items: RowMenuItem[] = [...(config.leadingMenuItems?.(row) ?? [])];
    if (config.edit) items.push({ label: 'Editar', onClick: () => setEditing(row) });
    items.push(...(config.menuItems?.(row) ?? []));
    const status = config.status;
    if (status) {
      const actions = status.actions?.(row) ?? recordStatusActions(status.current(row));
      for (const action of actions) {
        items.push({
          label: action.label,
          section: action.section,
          access: action.access,
          onClick: () =>
            void changeStatus(status, row, action).then((changed) => {
              if (changed) status.onChanged?.(row, action.status);
            }),
        });
      }
    }
    return items.filter((item) => can(item.access ?? resource.access.write));
  };

  const actionsColumn: Column<Row> = {
    header: 'Acciones',
    align: 'center',
    sticky: true,
    render: (row) => <RowMenu items={menuFor(row)} label={`Acciones de ${config.rowLabel(row)}`} />,
  };
  // The column shows while some row of the page has a menu (with no rows, while the user may
  // write): a reader of a resource without further items sees no column of empty cells.
  const rows = list.isError ? [] : (list.data?.data ?? []);
  const withMenu = rows.length > 0 ? rows.some((row) => menuFor(row).length > 0) : canWrite;
  const columns = withMenu ? [...config.columns, actionsColumn] : config.columns;

  const { create, edit } = config;
  const { endpoints } = resource;
  if (creating && create && canWrite) {
    return (
      <PageContainer title={create.title}>
        <Paper sx={{ p: 3 }}>
          <ResourceForm
            fields={create.fields}
            schema={create.schema}
            defaultValues={{ ...create.defaults(), ...prefill }}
            submitLabel={create.submitLabel ?? 'Registrar'}
            errorTitle={create.errorTitle}
            onSubmit={async (values) => {
              const body = create.toPayload?.(values) ?? values;
              const endpoint = create.endpoint?.(body) ?? endpoints.register;
              await save(() => callWithMessage(endpoint, { body }));
              closeCreate();
            }}
            onCancel={closeCreate}
          />
        </Paper>
      </PageContainer>
    );
  }

  const addButton =
    create && config.addLabel && canWrite ? (
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
        {config.addLabel}
      </Button>
    ) : undefined;
  return (
    <PageContainer
      title={config.title}
      actions={
        config.pageActions ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {config.pageActions(params.filters)}
            {addButton}
          </Stack>
        ) : (
          addButton
        )
      }
    >
      {config.above}
      <FilterBar
        filters={config.filters}
        values={params.filters}
        onSearch={onSearch}
        advancedLabels={config.advancedLabels}
        actions={
          endpoints.export &&
          resource.exportFile && (
            <ExportButtons
              path={endpoints.export.path}
              file={resource.exportFile}
              filters={params.filters}
            />
          )
        }
      />
      {list.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {listErrorMessage(list.error, config.loadErrorText)}
        </Alert>
      )}
      <DataTable
        columns={columns}
        page={list.isError ? undefined : list.data}
        rowKey={resource.rowId}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        loadingText={config.loadingText}
        emptyText={config.emptyText}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
      />
      {edit && canWrite && (
        <Dialog open={editing !== null} onClose={() => setEditing(null)} maxWidth="md" fullWidth>
          <DialogTitle>{edit.title}</DialogTitle>
          <DialogContent>
            {editing !== null && (
              <Typography component="div" sx={{ pt: 1 }}>
                <ResourceForm
                  fields={edit.fields}
                  schema={edit.schema}
                  defaultValues={editValues(edit, resource, editing)}
                  submitLabel="Guardar Cambios"
                  errorTitle={edit.errorTitle}
                  onSubmit={async (values) => {
                    const body = edit.toPayload?.(values, editing) ?? {
                      ...values,
                      id: resource.rowId(editing),
                    };
                    await save(() => callWithMessage(endpoints.update, { body }));
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              </Typography>
            )}
          </DialogContent>
        </Dialog>
      )}
      {config.children}
    </PageContainer>
  );
}

/** The edit form's values: the screen's own, or the resource's `toInput`. */
function editValues<Row>(edit: EditConfig<Row>, resource: ResourceDescriptor<Row>, row: Row) {
  if (edit.fromRow) return edit.fromRow(row);
  if (!resource.toInput) throw new Error(`${resource.plural}: no edit values for a row`);
  return resource.toInput(row) as FormValues;
}
