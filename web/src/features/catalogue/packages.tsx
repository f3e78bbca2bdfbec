import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  PACKAGE_ENDPOINTS,
  PACKAGE_MESSAGES,
  Status,
  type AvailableService,
  type Package,
  type PackageService,
  packagesResource,
} from '@app/domain';
import { CrudPage, StatusBadge, useResourceMutation, type CrudConfig } from '../../crud';
import { showErrorDialog, toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { formatMoney, upper } from '../../lib/format';
import { availableServicesQuery } from '../../lookups';
import { catalogueConfig } from './catalogue-config';

const RESOURCE = packagesResource.plural;

/** The package's services; under the resource's key, so saving the checklist refreshes it. */
const packageServicesQuery = (id: number) => ({
  queryKey: queryKey(PACKAGE_ENDPOINTS.services, { params: { id } }),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(PACKAGE_ENDPOINTS.services, { params: { id }, signal }),
});

/** The headings both service tables share (spec §001-2: name, description, price). */
function ServiceHeadCells() {
  return (
    <>
      <TableCell sx={{ fontWeight: 700 }}>Nombre</TableCell>
      <TableCell sx={{ fontWeight: 700 }}>Descripción</TableCell>
      <TableCell sx={{ fontWeight: 700 }} align="right">
        Precio
      </TableCell>
    </>
  );
}

/** A service as the package's tables show it (both lists carry more). */
type ListedService = Pick<AvailableService, 'id_srv' | 'nom_srv' | 'desc_srv' | 'precio_srv'>;

/** A service's description and price, after its name. */
function ServiceDetailCells({ service }: { service: ListedService }) {
  return (
    <>
      <TableCell>{service.desc_srv}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(service.precio_srv)}
      </TableCell>
    </>
  );
}

interface ViewServicesDialogProps {
  pkg: Package;
  services: PackageService[];
  onClose: () => void;
}

/** 'Ver Servicios': name, description and price of each service of the package. */
function ViewServicesDialog({ pkg, services, onClose }: ViewServicesDialogProps) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Servicios del paquete {upper(pkg.nom_paq)}</DialogTitle>
      <DialogContent>
        {services.length === 0 ? (
          <Typography sx={{ py: 2 }}>{PACKAGE_MESSAGES.noServices}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`Servicios de ${upper(pkg.nom_paq)}`}>
              <TableHead>
                <TableRow>
                  <ServiceHeadCells />
                </TableRow>
              </TableHead>
              <TableBody>
                {services.map((s) => (
                  <TableRow key={s.id_srv}>
                    <TableCell>{upper(s.nom_srv)}</TableCell>
                    <ServiceDetailCells service={s} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

interface ChecklistRow extends ListedService {
  id_est: number;
}

/**
 * The checklist's rows: the package's services first and ticked, then the other active ones,
 * each group by name. A service suspended after it joined the package stays listed (with its
 * badge) so that saving does not drop it unnoticed.
 */
function checklistRows(available: AvailableService[], current: PackageService[]): ChecklistRow[] {
  const inPackage = new Set(current.map((s) => s.id_srv));
  const byName = (a: ChecklistRow, b: ChecklistRow) => a.nom_srv.localeCompare(b.nom_srv, 'es');
  const others = available
    .filter((s) => !inPackage.has(s.id_srv))
    .map((s) => ({ ...s, id_est: Status.Activo }));
  return [...current.map((s) => ({ ...s })).sort(byName), ...others.sort(byName)];
}

interface ManageServicesDialogProps {
  pkg: Package;
  onClose: () => void;
}

/** 'Gestionar Servicios': ticks the package's services among the active ones and saves the set. */
function ManageServicesDialog({ pkg, onClose }: ManageServicesDialogProps) {
  const [available, current] = useQueries({
    queries: [availableServicesQuery, packageServicesQuery(pkg.id_paq)],
  });
  const failed = available.isError || current.isError;
  const ready = available.data !== undefined && current.data !== undefined;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Gestionar Servicios de {upper(pkg.nom_paq)}</DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error">{PACKAGE_MESSAGES.loadServicesError}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cerrar</Button>
          </DialogActions>
        </>
      ) : ready ? (
        <Checklist
          pkg={pkg}
          rows={checklistRows(available.data, current.data)}
          initial={current.data.map((s) => s.id_srv)}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Cargando servicios" />
          </Stack>
        </DialogContent>
      )}
    </Dialog>
  );
}

interface ChecklistProps {
  pkg: Package;
  rows: ChecklistRow[];
  initial: number[];
  onClose: () => void;
}

function Checklist({ pkg, rows, initial, onClose }: ChecklistProps) {
  // Rendered once both lists are loaded: the ticks start from the package's current set.
  const [selected, setSelected] = useState(() => new Set(initial));
  const [order] = useState(rows);
  const mutation = useResourceMutation<PackageService[]>(RESOURCE);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const save = async () => {
    try {
      // Spec §001-7: the body is `srvs`, the package's whole new set of service ids.
      const srvs = order.filter((r) => selected.has(r.id_srv)).map((r) => r.id_srv);
      const answer = await mutation.mutateAsync(() =>
        callWithMessage(PACKAGE_ENDPOINTS.saveServices, {
          params: { id: pkg.id_paq },
          body: { srvs },
        }),
      );
      toast.success(answer.message ?? PACKAGE_MESSAGES.servicesSaved);
      onClose();
    } catch (error) {
      await showErrorDialog(PACKAGE_MESSAGES.errorTitle, error);
    }
  };

  return (
    <>
      <DialogContent>
        {order.length === 0 ? (
          <Typography sx={{ py: 2 }}>No hay servicios activos.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Servicios disponibles">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }} padding="checkbox">
                    Añadir
                  </TableCell>
                  <ServiceHeadCells />
                </TableRow>
              </TableHead>
              <TableBody>
                {order.map((s) => (
                  <TableRow key={s.id_srv} hover>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(s.id_srv)}
                        onChange={() => toggle(s.id_srv)}
                        disabled={mutation.isPending}
                        slotProps={{ input: { 'aria-label': `Añadir ${upper(s.nom_srv)}` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{upper(s.nom_srv)}</span>
                        {s.id_est !== Status.Activo && <StatusBadge id={s.id_est} />}
                      </Stack>
                    </TableCell>
                    <ServiceDetailCells service={s} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={mutation.isPending}>
          Guardar Cambios
        </Button>
      </DialogActions>
    </>
  );
}

export function PackagesPage() {
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<{ pkg: Package; services: PackageService[] } | null>(null);
  const [managing, setManaging] = useState<Package | null>(null);

  const config = useMemo<CrudConfig<Package>>(() => {
    const view = async (pkg: Package) => {
      try {
        const services = await queryClient.fetchQuery({
          ...packageServicesQuery(pkg.id_paq),
          staleTime: 0,
        });
        setViewing({ pkg, services });
      } catch (error) {
        await showErrorDialog(PACKAGE_MESSAGES.viewServicesErrorTitle, error);
      }
    };
    return {
      ...catalogueConfig<Package>({
        resource: packagesResource,
        noun: 'Paquete',
        subject: 'este paquete',
        item: (p) => ({
          id: p.id_paq,
          nombre: p.nom_paq,
          descripcion: p.desc_paq,
          precio: p.precio_paq,
          duracion: p.duracion,
          minutos_talla: p.minutos_talla,
          adelanto: p.adelanto,
          estado: p.id_est,
        }),
        errorTitles: { form: PACKAGE_MESSAGES.errorTitle, status: PACKAGE_MESSAGES.errorTitle },
      }),
      // Spec §001-8: a package load failure shows the no-data message.
      loadErrorText: 'No se encontraron datos con los criterios de búsqueda.',
      // Spec §001-2: Ver Servicios, Gestionar Servicios, Editar and the status actions.
      leadingMenuItems: (p) => [
        // Seeing the services is reading; managing them is the resource's write (the default).
        {
          label: 'Ver Servicios',
          access: packagesResource.access.read,
          onClick: () => void view(p),
        },
        { label: 'Gestionar Servicios', onClick: () => setManaging(p) },
      ],
    };
  }, [queryClient]);

  return (
    <>
      <CrudPage config={config} />
      {viewing && (
        <ViewServicesDialog
          pkg={viewing.pkg}
          services={viewing.services}
          onClose={() => setViewing(null)}
        />
      )}
      {managing && <ManageServicesDialog pkg={managing} onClose={() => setManaging(null)} />}
    </>
  );
}
