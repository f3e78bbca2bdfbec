import {
  formatPriceOnBlur,
  keepPriceChars,
  SERVICE_MESSAGES,
  ServiceInputSchema,
  ServiceUpdateSchema,
  Status,
  stripNonLetters,
  type Service,
} from '@app/domain';
import { CrudPage, StatusBadge, statusOptions, type CrudConfig, type FieldDef } from '../crud';
import { formatMoney, upper } from '../lib/format';

/** Spec §2: nombre, precio, descripcion (multi-line); §5: what each input lets through. */
const fields: FieldDef[] = [
  { name: 'nombre', label: 'Nombre', maxLength: 100, sanitize: stripNonLetters, width: 8 },
  {
    name: 'precio',
    label: 'Precio (S/.)',
    maxLength: 10,
    sanitize: keepPriceChars,
    formatOnBlur: formatPriceOnBlur,
    width: 4,
  },
  { name: 'descripcion', label: 'Descripción', kind: 'textarea', maxLength: 500, width: 12 },
];

const servicesConfig: CrudConfig<Service> = {
  resource: 'servicios',
  title: 'Lista de Servicios',
  addLabel: 'Añadir Servicio',
  paths: { list: '/servicios/', register: '/servicio/register', update: '/servicio' },
  rowId: (s) => s.id_srv,
  rowLabel: (s) => upper(s.nom_srv),
  columns: [
    { header: 'Nombre', render: (s) => upper(s.nom_srv) },
    { header: 'Descripción', render: (s) => s.desc_srv },
    { header: 'Precio', align: 'right', render: (s) => formatMoney(s.precio_srv) },
    { header: 'Estado', render: (s) => <StatusBadge id={s.id_est} /> },
  ],
  filters: [
    { name: 'search', label: 'Buscar por nombre o descripción' },
    { name: 'est', label: 'Estado', type: 'select', options: statusOptions() },
  ],
  // Spec §9: the services' status filter starts on Activo.
  filterDefaults: () => ({ search: '', est: String(Status.Activo) }),
  loadErrorText: SERVICE_MESSAGES.loadWarning,
  create: {
    title: 'Registrar Servicio',
    fields,
    schema: ServiceInputSchema,
    errorTitle: SERVICE_MESSAGES.formErrorTitle,
    defaults: () => ({ nombre: '', precio: '', descripcion: '' }),
  },
  edit: {
    title: 'Editar Servicio',
    fields,
    schema: ServiceUpdateSchema.omit({ id: true }),
    errorTitle: SERVICE_MESSAGES.formErrorTitle,
    fromRow: (s) => ({ nombre: s.nom_srv, precio: s.precio_srv, descripcion: s.desc_srv }),
    toPayload: (values, row) => ({ ...values, id: row?.id_srv }),
  },
  status: {
    path: '/servicio',
    current: (s) => s.id_est,
    subject: 'este servicio',
    errorTitle: SERVICE_MESSAGES.statusErrorTitle,
  },
};

export function ServicesPage() {
  return <CrudPage config={servicesConfig} />;
}
