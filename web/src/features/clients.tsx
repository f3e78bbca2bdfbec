import {
  ClientInputSchema,
  ClientUpdateSchema,
  clientsResource,
  type Client,
  type ClientInput,
} from '@app/domain';
import { CrudPage, StatusBadge, statusOptions, type CrudConfig, type FieldDef } from '../crud';
import { formatDate, fullName, monthDateRange, upper } from '../lib/format';

const digits = (max: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

const fields: FieldDef<keyof ClientInput>[] = [
  { name: 'dni', label: 'DNI', maxLength: 8, sanitize: digits(8), width: 4 },
  { name: 'name', label: 'Nombre', maxLength: 100, width: 4 },
  { name: 'surname', label: 'Apellido', maxLength: 100, width: 4 },
  { name: 'tel1', label: 'Teléfono principal', maxLength: 9, sanitize: digits(9), width: 4 },
  { name: 'tel2', label: 'Teléfono secundario', maxLength: 9, sanitize: digits(9), width: 4 },
  { name: 'email', label: 'Email', kind: 'email', maxLength: 150, width: 4 },
  { name: 'direccion', label: 'Dirección', maxLength: 200, width: 12 },
];

const clientsConfig: CrudConfig<Client> = {
  resource: clientsResource,
  title: 'Lista de Clientes',
  addLabel: 'Añadir Cliente',
  rowLabel: (c) => fullName(c.nom_cli, c.ape_cli),
  columns: [
    { header: 'DNI', render: (c) => c.dni_cli },
    { header: 'Nombre y Apellido', render: (c) => fullName(c.nom_cli, c.ape_cli) },
    { header: 'Teléfono', render: (c) => c.tel1_cli },
    { header: 'Email', render: (c) => c.email_cli },
    { header: 'Dirección', render: (c) => upper(c.dir_cli) },
    { header: 'Estado', render: (c) => <StatusBadge id={c.id_est} /> },
    { header: 'Inasistencias', render: (c) => c.inasistencias },
    {
      header: 'Última visita',
      render: (c) => (c.ultima_visita ? formatDate(c.ultima_visita) : 'Sin visitas'),
    },
    { header: 'F. Registro', render: (c) => formatDate(c.created_at) },
  ],
  filters: [
    { name: 'search', label: 'Buscar cliente (nombre, apellido o DNI)' },
    { name: 'est', label: 'Estado', type: 'select', options: statusOptions() },
    { name: 'ficial', label: 'Fecha inicial', type: 'date' },
    { name: 'final', label: 'Fecha final', type: 'date' },
  ],
  filterDefaults: () => ({ search: '', est: '', ...monthDateRange() }),
  emptyText: 'No se encontraron clientes.',
  create: {
    title: 'Registrar Cliente',
    fields,
    schema: ClientInputSchema,
    errorTitle: 'Error en Clientes',
    defaults: () => ({
      dni: '',
      name: '',
      surname: '',
      tel1: '',
      tel2: '',
      email: '',
      direccion: '',
    }),
  },
  edit: {
    title: 'Editar Cliente',
    fields,
    schema: ClientUpdateSchema.omit({ id: true }),
    errorTitle: 'Error en Cliente',
  },
  status: {
    current: (c) => c.id_est,
    subject: 'este cliente',
    errorTitle: 'Error en Clientes',
  },
};

export function ClientsPage() {
  return <CrudPage config={clientsConfig} />;
}
