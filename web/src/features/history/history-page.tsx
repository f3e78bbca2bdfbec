import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import {
  AGENDA_PRICE_PERMISSION,
  AGENDA_ENDPOINTS,
  APPOINTMENT_STATUSES,
  appointmentsResource,
  formatReceiptNumber,
  HISTORY_ENDPOINTS,
  HISTORY_PATHS,
  HISTORY_TEXTS,
  HistoryRowSchema,
  type HistoryRow,
  type Permission,
  type ResourceDescriptor,
} from '@app/domain';
import { usePermissions } from '../../lib/use-profile';
import { useSaleDialogs } from '../checkout';
import {
  CrudPage,
  StatusBadge,
  statusOptions,
  type CrudConfig,
  type FilterDef,
  type FilterValues,
} from '../../crud';
import { call, queryKey } from '../../lib/api';
import {
  formatDate,
  formatMoney,
  fullName,
  now,
  TIME_ZONE,
  toApiDate,
  upper,
} from '../../lib/format';
import {
  HISTORY_QUERY_KEY,
  PetTimelineDialog,
  type TimelinePet,
} from '../../lookups/pet-timeline-dialog';
import { useAvailablePackages, useAvailableServices } from '../../lookups';
import { HistoryDetails } from './history-details';
import { groomerName, itemName, HISTORY_PAGE_TEXTS as T } from './texts';

/**
 * 'Historial de Citas' (decisions §history): every cita before today in Lima, newest first, with
 * its triage and its sale, filtered by client, pet, groomer, status, service, package and days of
 * the visit, and exported as the filters select. Read-only: a visit is changed from the Citas
 * list; here it opens in its details, its receipt and its pet's timeline.
 */

const READ: Permission = 'historial.leer';

/** The history as CrudPage reads a resource: it only lists and exports, so nothing writes. */
const historyResource: ResourceDescriptor<HistoryRow> = {
  plural: HISTORY_QUERY_KEY,
  singular: appointmentsResource.singular,
  paths: { ...appointmentsResource.paths, list: HISTORY_PATHS.list, export: HISTORY_PATHS.export },
  endpoints: {
    ...appointmentsResource.endpoints,
    list: HISTORY_ENDPOINTS.list,
    export: HISTORY_ENDPOINTS.export,
  },
  status: appointmentsResource.status,
  record: HistoryRowSchema,
  access: { read: READ, write: READ },
  audit: appointmentsResource.audit,
  exportFile: HISTORY_TEXTS.exportFile,
  rowId: (row) => row.id_cita,
};

/** The filters' choices: the bookable groomers and the catalogue the booking forms offer. */
function useFilterChoices() {
  const { data: groomerRows } = useQuery({
    // The key of the calendar's useGroomers: editing an employee refreshes both.
    queryKey: ['empleados', ...queryKey(AGENDA_ENDPOINTS.groomers)],
    queryFn: ({ signal }) => call(AGENDA_ENDPOINTS.groomers, { signal }),
    staleTime: 5 * 60_000,
  });
  const { data: serviceRows } = useAvailableServices();
  const { data: packageRows } = useAvailablePackages();
  return useMemo(
    () => ({
      groomers: choicesOf(groomerRows?.map((g) => [g.id_emp, g.nombre])),
      services: choicesOf(serviceRows?.map((s) => [s.id_srv, s.nom_srv])),
      packages: choicesOf(packageRows?.map((p) => [p.id_paq, p.nom_paq])),
    }),
    [groomerRows, serviceRows, packageRows],
  );
}

/** A select's options: Todos, then each id with its name. */
const choicesOf = (items: [number, string][] = []) => [
  { value: '', label: 'Todos' },
  ...items.map(([id, name]) => ({ value: String(id), label: name })),
];

type FilterChoices = ReturnType<typeof useFilterChoices>;

const filters = (choices: FilterChoices): FilterDef[] => [
  { name: 'cli', label: 'Cliente (nombre, apellido o DNI)' },
  { name: 'pe', label: 'Mascota' },
  { name: 'emp', label: 'Groomer', type: 'select', options: choices.groomers },
  { name: 'est', label: 'Estado', type: 'select', options: statusOptions(APPOINTMENT_STATUSES) },
  { name: 'srv', label: 'Servicio', type: 'select', options: choices.services },
  { name: 'paq', label: 'Paquete', type: 'select', options: choices.packages },
  { name: 'ficial', label: 'Desde', type: 'date' },
  { name: 'final', label: 'Hasta', type: 'date' },
];

/** The last 90 days up to yesterday: the history ends where today's agenda begins. */
const filterDefaults = (): FilterValues => {
  const yesterday = now().subtract(1, 'day');
  return {
    cli: '',
    pe: '',
    emp: '',
    est: '',
    srv: '',
    paq: '',
    ficial: toApiDate(yesterday.subtract(89, 'day')),
    final: toApiDate(yesterday),
  };
};

/** A figure and its unit kept on one line ('S/. 45.00', '12.50 kg'). */
function NoWrap({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** The dialogs a row opens. */
interface RowActions {
  detail(row: HistoryRow): void;
  pet(pet: TimelinePet): void;
}

function historyConfig(
  choices: FilterChoices,
  open: RowActions,
  withMoney: boolean,
): CrudConfig<HistoryRow> {
  return {
    resource: historyResource,
    title: HISTORY_TEXTS.title,
    rowLabel: (r) => `${upper(r.perro.nom_perro)} ${formatDate(r.fec_cita)}`,
    columns: [
      {
        header: 'Fecha',
        render: (r) => (
          <>
            {formatDate(r.fec_cita)}
            <Typography component="div" variant="caption" color="text.secondary">
              {dayjs(r.fec_cita).tz(TIME_ZONE).format('HH:mm')}
            </Typography>
          </>
        ),
      },
      { header: 'Cliente', render: (r) => fullName(r.cliente.nom_cli, r.cliente.ape_cli) },
      { header: 'Mascota', render: (r) => upper(r.perro.nom_perro) },
      { header: 'Servicio/Paquete', render: itemName },
      { header: 'Groomer', render: groomerName },
      {
        header: 'Estado',
        render: (r) => <StatusBadge id={r.id_est} catalogue={APPOINTMENT_STATUSES} />,
      },
      // Only who may charge is sent the price (issue 30 §5): the column goes for the rest.
      ...(withMoney
        ? [
            {
              header: 'Precio',
              align: 'right' as const,
              render: (r: HistoryRow) => <NoWrap>{formatMoney(r.precio ?? '')}</NoWrap>,
            },
          ]
        : []),
      {
        header: 'Triaje',
        render: (r) => <NoWrap>{r.triaje ? `${r.triaje.peso} kg` : T.no}</NoWrap>,
      },
      {
        header: 'Comprobante',
        render: (r) => (r.venta ? formatReceiptNumber(r.venta.serie, r.venta.numero) : '—'),
      },
    ],
    loadingText: HISTORY_TEXTS.loading,
    emptyText: HISTORY_TEXTS.empty,
    loadErrorText: HISTORY_TEXTS.loadError,
    filters: filters(choices),
    filterDefaults,
    menuItems: (r) => [
      { label: T.detail, access: READ, onClick: () => open.detail(r) },
      { label: T.petHistory, access: READ, onClick: () => open.pet(r.perro) },
    ],
  };
}

export function HistoryPage() {
  const [detail, setDetail] = useState<HistoryRow | null>(null);
  const [pet, setPet] = useState<TimelinePet | null>(null);
  const { showReceipt, dialogs } = useSaleDialogs();
  const choices = useFilterChoices();
  const withMoney = usePermissions().can(AGENDA_PRICE_PERMISSION);
  const config = useMemo(
    () => ({
      ...historyConfig(choices, { detail: setDetail, pet: setPet }, withMoney),
      children: (
        <>
          {detail && (
            <HistoryDetails
              row={detail}
              onClose={() => setDetail(null)}
              onPet={(row) => {
                setDetail(null);
                setPet(row.perro);
              }}
              onReceipt={(saleId) => {
                setDetail(null);
                showReceipt(saleId);
              }}
            />
          )}
          {pet && <PetTimelineDialog pet={pet} onClose={() => setPet(null)} />}
          {dialogs}
        </>
      ),
    }),
    [choices, detail, pet, showReceipt, dialogs, withMoney],
  );
  return <CrudPage config={config} />;
}
