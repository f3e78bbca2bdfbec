import FileUploadIcon from '@mui/icons-material/FileUpload';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CLIENT_ENDPOINTS,
  clientDataFileName,
  ClientInputSchema,
  ClientUpdateSchema,
  clientsResource,
  fillPath,
  isAnonymized,
  type Client,
} from '@app/domain';
import {
  CrudPage,
  registrationDayFilters,
  StatusBadge,
  statusOptions,
  useResourceMutation,
  type CrudConfig,
} from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { formatDate, fullName, upper } from '../../lib/format';
import { usePermissions } from '../../lib/use-profile';
import {
  SIGNATURES_TEXTS,
  SignaturesDialog,
  type SignedClient,
} from '../../lookups/signatures-dialog';
import { ClientBonosDialog } from './client-bonos';
import { clientDefaults, clientFields } from './client-fields';

/** A client's data on request (Ley 29733, decisions §client-data): the admin's row actions. */
const DATA_TEXTS = {
  download: 'Descargar datos',
  downloadError: 'Error al descargar los datos del cliente',
  anonymize: 'Anonimizar',
  title: 'Anonimizar cliente',
  effect:
    'Se reemplazarán el nombre, DNI, teléfonos, correo y dirección del cliente. Sus visitas y ventas se conservan para los reportes. Esta acción no se puede deshacer.',
  notes:
    'También se borran las notas escritas sobre sus mascotas y visitas, y las fotos de sus carnés de vacunación.',
  cancel: 'Cancelar',
  errorTitle: 'Error al anonimizar el cliente',
} as const;

async function downloadClientData(client: Client) {
  try {
    await downloadFile(
      fillPath(CLIENT_ENDPOINTS.data.path, { id: client.id_cli }),
      {},
      clientDataFileName(client.dni_cli),
    );
  } catch (error) {
    await showErrorDialog(DATA_TEXTS.downloadError, error);
  }
}

interface AnonymizeDialogProps {
  client: Client | null;
  onClose(): void;
}

/** Says what anonymising does before doing it; the list refreshes once the server has. */
function AnonymizeDialog({ client, onClose }: AnonymizeDialogProps) {
  const mutation = useResourceMutation(clientsResource.plural);
  const anonymize = async (target: Client) => {
    try {
      const answer = await mutation.mutateAsync(() =>
        callWithMessage(CLIENT_ENDPOINTS.anonymize, { params: { id: target.id_cli } }),
      );
      if (answer.message) toast.success(answer.message);
      onClose();
    } catch (error) {
      onClose();
      await showErrorDialog(DATA_TEXTS.errorTitle, error);
    }
  };
  return (
    <Dialog
      open={client !== null}
      onClose={mutation.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="anonymize-client-title"
      aria-describedby="anonymize-client-effect"
    >
      <DialogTitle id="anonymize-client-title">
        {DATA_TEXTS.title}
        {client && `: ${fullName(client.nom_cli, client.ape_cli)}`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="anonymize-client-effect">{DATA_TEXTS.effect}</DialogContentText>
        <DialogContentText sx={{ mt: 2 }}>{DATA_TEXTS.notes}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending} autoFocus>
          {DATA_TEXTS.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={mutation.isPending}
          onClick={() => client && void anonymize(client)}
        >
          {DATA_TEXTS.anonymize}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ClientDialogs {
  anonymize(client: Client): void;
  bonos(client: Client): void;
  /** The consents signed for any of the client's pets (DESIGN §11.8). */
  signatures(client: SignedClient): void;
}

const clientsConfig = (open: ClientDialogs): CrudConfig<Client> => ({
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
    ...registrationDayFilters(),
  ],
  filterDefaults: () => ({ search: '', est: '', ficial: '', final: '' }),
  emptyText: 'No se encontraron clientes.',
  pageActions: () => <ImportButton />,
  create: {
    title: 'Registrar Cliente',
    fields: clientFields,
    schema: ClientInputSchema,
    errorTitle: 'Error en Clientes',
    defaults: clientDefaults,
  },
  edit: {
    title: 'Editar Cliente',
    fields: clientFields,
    schema: ClientUpdateSchema.omit({ id: true }),
    errorTitle: 'Error en Cliente',
  },
  status: {
    current: (c) => c.id_est,
    subject: 'este cliente',
    errorTitle: 'Error en Clientes',
  },
  menuItems: (c) => [
    // Who sells and charges bonos (DESIGN §11.6) sees what the client has left of theirs.
    { label: 'Bonos', access: 'caja.cobrar', onClick: () => open.bonos(c) },
    {
      label: SIGNATURES_TEXTS.menu,
      access: 'clientes.leer',
      onClick: () => open.signatures({ id_cli: c.id_cli, name: fullName(c.nom_cli, c.ape_cli) }),
    },
    {
      label: DATA_TEXTS.download,
      access: 'datos.administrar',
      onClick: () => void downloadClientData(c),
    },
    ...(isAnonymized(c)
      ? []
      : [
          {
            label: DATA_TEXTS.anonymize,
            access: 'datos.administrar' as const,
            onClick: () => open.anonymize(c),
          },
        ]),
  ],
});

/** 'Importar' (decisions §imports), for who may administer the data. */
function ImportButton() {
  const { can } = usePermissions();
  if (!can('datos.administrar')) return null;
  return (
    <Button
      component={Link}
      to="/clientes/importar"
      variant="contained"
      startIcon={<FileUploadIcon />}
    >
      Importar
    </Button>
  );
}

export function ClientsPage() {
  const [anonymizing, setAnonymizing] = useState<Client | null>(null);
  const [bonosOf, setBonosOf] = useState<Client | null>(null);
  const [signaturesOf, setSignaturesOf] = useState<SignedClient | null>(null);
  const config = useMemo(
    () => ({
      ...clientsConfig({
        anonymize: setAnonymizing,
        bonos: setBonosOf,
        signatures: setSignaturesOf,
      }),
      children: (
        <>
          <AnonymizeDialog client={anonymizing} onClose={() => setAnonymizing(null)} />
          <ClientBonosDialog client={bonosOf} onClose={() => setBonosOf(null)} />
          {signaturesOf && (
            <SignaturesDialog client={signaturesOf} onClose={() => setSignaturesOf(null)} />
          )}
        </>
      ),
    }),
    [anonymizing, bonosOf, signaturesOf],
  );
  return <CrudPage config={config} />;
}
