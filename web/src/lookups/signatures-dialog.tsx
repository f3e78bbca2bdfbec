import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CONSENT_ENDPOINTS, fillPath, type Signature } from '@app/domain';
import { showErrorDialog } from '../lib/alerts';
import { call, queryKey } from '../lib/api';
import { downloadFile } from '../lib/download';
import { formatDate, formatDateTime, upper } from '../lib/format';

/**
 * The consents an owner signed (DESIGN §11.8), each with its PDF: downloadable from the pet, the
 * cita and the client's page. The pets and the clients lists open this dialog.
 */

export const SIGNATURES_TEXTS = {
  menu: 'Consentimientos firmados',
  title: (name: string) => `Consentimientos firmados de ${name}`,
  emptyPet: 'La mascota no tiene consentimientos firmados.',
  emptyClient: 'El cliente no tiene consentimientos firmados.',
  loading: 'Cargando consentimientos firmados',
  loadError: 'No se pudieron cargar los consentimientos firmados',
  pet: (name: string) => `Mascota: ${name}`,
  signed: (who: string, at: string, version: number) =>
    `Firmado por ${who} el ${at} (versión ${version})`,
  witness: (login: string) => `Testigo: ${login}`,
  pdf: 'Ver PDF',
  pdfOf: (title: string, at: string) => `Ver PDF de ${title} del ${at}`,
  pdfOfPet: (title: string, pet: string, at: string) => `Ver PDF de ${title} de ${pet} del ${at}`,
  pdfError: 'No se pudo abrir el PDF del consentimiento',
  close: 'Cerrar',
} as const;

const T = SIGNATURES_TEXTS;

/** The signed PDF, fetched with the session's credential (a link cannot carry it). */
export async function openSignedPdf(id: number) {
  try {
    await downloadFile(
      fillPath(CONSENT_ENDPOINTS.pdf.path, { id }),
      {},
      `consentimiento-${id}.pdf`,
    );
  } catch (error) {
    await showErrorDialog(T.pdfError, error);
  }
}

/** A pet whose consents are shown: what a row of the pets list has. */
export interface SignedPet {
  id_perro: number;
  nom_perro: string;
}

/** A client whose pets' consents are shown, with the name the title gives. */
export interface SignedClient {
  id_cli: number;
  name: string;
}

/** Whose signatures: one pet's, or those of every pet of a client. */
export type SignaturesOwner =
  { pet: SignedPet; client?: never } | { client: SignedClient; pet?: never };

export type SignaturesDialogProps = SignaturesOwner & { onClose(): void };

/** What the dialog reads and says for its owner. */
function ownerView(owner: SignaturesOwner) {
  if (owner.pet) {
    return {
      endpoint: CONSENT_ENDPOINTS.ofPet,
      id: owner.pet.id_perro,
      name: owner.pet.nom_perro,
      empty: T.emptyPet,
      namesPet: false,
    };
  }
  return {
    endpoint: CONSENT_ENDPOINTS.ofClient,
    id: owner.client.id_cli,
    name: owner.client.name,
    empty: T.emptyClient,
    namesPet: true,
  };
}

/** 'Consentimientos firmados de FIRULAIS': every signature, the newest first, with its PDF. */
export function SignaturesDialog({ onClose, ...owner }: SignaturesDialogProps) {
  const view = ownerView(owner);
  const params = { id: view.id };
  const signatures = useQuery({
    queryKey: queryKey(view.endpoint, { params }),
    queryFn: ({ signal }) => call(view.endpoint, { params, signal }),
  });
  const rows = signatures.data ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="signatures-title">
      <DialogTitle id="signatures-title">{T.title(upper(view.name))}</DialogTitle>
      <DialogContent>
        {signatures.isError ? (
          <Alert severity="warning">{signatures.error.message || T.loadError}</Alert>
        ) : signatures.isPending ? (
          <CircularProgress size={24} aria-label={T.loading} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{view.empty}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((s) => (
              <SignatureRow key={s.id} signature={s} namesPet={view.namesPet} />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One signature: its title, the pet when the list spans several, who signed, and its PDF. */
function SignatureRow({ signature: s, namesPet }: { signature: Signature; namesPet: boolean }) {
  const day = formatDate(s.firmado_at);
  const pet = upper(s.mascota);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <div>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {s.titulo}
        </Typography>
        {namesPet && <Typography variant="body2">{T.pet(pet)}</Typography>}
        <Typography variant="body2" color="text.secondary">
          {T.signed(s.firmante, formatDateTime(s.firmado_at), s.version)}
          {s.testigo && ` · ${T.witness(s.testigo)}`}
        </Typography>
      </div>
      <Button
        size="small"
        aria-label={namesPet ? T.pdfOfPet(s.titulo, pet, day) : T.pdfOf(s.titulo, day)}
        onClick={() => void openSignedPdf(s.id)}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {T.pdf}
      </Button>
    </Stack>
  );
}
