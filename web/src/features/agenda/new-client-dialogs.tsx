import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import {
  ClientInputSchema,
  clientsResource,
  PetInputSchema,
  petsResource,
  type Client,
  type ClientInput,
  type Pet,
  type PetInput,
} from '@app/domain';
import { ResourceForm, useResourceMutation } from '../../crud';
import { toast } from '../../lib/alerts';
import { callWithMessage } from '../../lib/api';
import { clientDefaults, clientFields, petDefaults, petFields } from '../clients';

/** The titles and buttons of the booking forms' inline registrations (issue 30 §2). */
export const NEW_CLIENT_TEXTS = {
  newClient: 'Nuevo cliente',
  newPet: 'Nueva mascota',
  clientTitle: 'Registrar Cliente',
  petTitle: 'Registrar Mascota',
  submit: 'Registrar',
  clientErrorTitle: 'Error en Clientes',
  petErrorTitle: 'Error al registrar la mascota',
  petNeedsClient: 'Elija o registre primero al cliente',
} as const;

interface InlineDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A dialog over the booking form. Its form is rendered inside the booking form's React tree
 * (through a portal), where a submit event would bubble on to the booking form and submit it
 * too: it stops here.
 */
function InlineDialog({ open, title, onClose, children }: InlineDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 1 }} onSubmit={(event) => event.stopPropagation()}>
          {children}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

export interface NewClientDialogProps {
  open: boolean;
  /** What the client form starts from. */
  draft: Partial<ClientInput>;
  onClose(): void;
  onCreated(client: Client): void;
}

/** 'Nuevo cliente': the Clientes form and its rules, through `POST /cliente/register`. */
export function NewClientDialog({ open, draft, onClose, onCreated }: NewClientDialogProps) {
  const mutation = useResourceMutation<Client>(clientsResource.plural);
  const save = async (values: ClientInput) => {
    const answer = await mutation.mutateAsync(() =>
      callWithMessage(clientsResource.endpoints.register, { body: values }),
    );
    if (answer.message) toast.success(answer.message);
    onCreated(answer.data);
  };
  return (
    <InlineDialog open={open} title={NEW_CLIENT_TEXTS.clientTitle} onClose={onClose}>
      <ResourceForm<typeof ClientInputSchema>
        fields={clientFields}
        schema={ClientInputSchema}
        defaultValues={{ ...clientDefaults(), ...draft }}
        submitLabel={NEW_CLIENT_TEXTS.submit}
        errorTitle={NEW_CLIENT_TEXTS.clientErrorTitle}
        onSubmit={save}
        onCancel={onClose}
      />
    </InlineDialog>
  );
}

/** The owner is the booking's client: shown, not typed again. */
const ownedPetFields = petFields.map((def) =>
  def.name === 'dniCliente' ? { ...def, disabled: true } : def,
);

export interface NewPetDialogProps {
  /** The owner's DNI; null closes the dialog. */
  ownerDni: string | null;
  onClose(): void;
  onCreated(pet: Pet): void;
}

/** 'Nueva mascota' of the booking's client: the Mascotas form, through `POST /mascota/register`. */
export function NewPetDialog({ ownerDni, onClose, onCreated }: NewPetDialogProps) {
  const mutation = useResourceMutation<Pet>(petsResource.plural);
  const save = async (values: PetInput) => {
    const answer = await mutation.mutateAsync(() =>
      callWithMessage(petsResource.endpoints.register, { body: values }),
    );
    if (answer.message) toast.success(answer.message);
    onCreated(answer.data);
  };
  return (
    <InlineDialog open={ownerDni !== null} title={NEW_CLIENT_TEXTS.petTitle} onClose={onClose}>
      <ResourceForm<typeof PetInputSchema>
        fields={ownedPetFields}
        schema={PetInputSchema}
        defaultValues={petDefaults(ownerDni ?? '')}
        submitLabel={NEW_CLIENT_TEXTS.submit}
        errorTitle={NEW_CLIENT_TEXTS.petErrorTitle}
        onSubmit={save}
        onCancel={onClose}
      />
    </InlineDialog>
  );
}
