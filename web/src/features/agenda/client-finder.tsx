import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import {
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_TEXTS,
  Status,
  statusName,
  type SearchClient,
  type SearchPet,
  type SearchResults,
} from '@app/domain';
import { fullName } from '../../lib/format';
import { renderSearchGroup, renderSearchOption, useSearch, type SearchListOption } from '../search';

export const CLIENT_FINDER_TEXTS = {
  // Not 'mascota' in the name: 'Mascota' names the pet select.
  label: 'Buscar cliente',
  hint: 'Por nombre, apellido, DNI, teléfono o nombre de la mascota',
  clear: SEARCH_TEXTS.clear,
} as const;

/** What choosing a result puts in the booking form: a client, or a pet with its owner. */
export type FinderChoice =
  | { kind: 'client'; client: SearchClient }
  | { kind: 'pet'; client: Pick<SearchClient, 'id_cli' | 'dni_cli'>; pet: SearchPet };

interface FinderOption extends SearchListOption {
  key: string;
  group: 'clientes' | 'mascotas';
  /** Suspended: shown, not bookable (the server would refuse it). */
  bookable: boolean;
  choice: FinderChoice;
}

const retired = (id_est: number) => (id_est === Status.Activo ? '' : ` · ${statusName(id_est)}`);

function optionsOf(results: SearchResults | undefined): FinderOption[] {
  if (!results) return [];
  return [
    ...(results.clientes ?? []).map((c) => ({
      key: `cliente-${c.id_cli}`,
      group: 'clientes' as const,
      primary: fullName(c.nom_cli, c.ape_cli),
      secondary: `DNI ${c.dni_cli} · Tel. ${c.tel1_cli}${retired(c.id_est)}`,
      bookable: c.id_est === Status.Activo,
      choice: { kind: 'client' as const, client: c },
    })),
    ...(results.mascotas ?? []).map((p) => ({
      key: `mascota-${p.id_perro}`,
      group: 'mascotas' as const,
      primary: `${p.nom_perro} (${p.raza_perro})`,
      secondary: `Dueño: ${fullName(p.nom_cli, p.ape_cli)} · DNI ${p.dni_cli}${retired(p.id_est)}`,
      bookable: p.id_est === Status.Activo,
      choice: { kind: 'pet' as const, client: { id_cli: p.id_cli, dni_cli: p.dni_cli }, pet: p },
    })),
  ];
}

export interface ClientFinderProps {
  onChoose(choice: FinderChoice): void;
  /** Told what is typed, so 'Nuevo cliente' can start from it. */
  onInput?(text: string): void;
  disabled?: boolean;
}

/**
 * One box that finds the client who books by name, surname, DNI, phone or pet name (issue 30
 * §2), through the navbar's search (`GET /api/buscar`, its citas left aside). Choosing a client
 * fills the booking's DNI; choosing a pet fills its owner's DNI and the pet. The box empties
 * after a choice: it finds, the DNI and pet fields hold what was found.
 */
export function ClientFinder({ onChoose, onInput, disabled }: ClientFinderProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { input, type, searching, shown, fetching, failed, tooShort } = useSearch();
  const options = useMemo(() => optionsOf(shown), [shown]);

  return (
    <Autocomplete<FinderOption, false, false, false>
      id="field-buscar-cliente"
      options={options}
      // The server has filtered them already.
      filterOptions={(all) => all}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.primary}
      getOptionKey={(option) => option.key}
      getOptionDisabled={(option) => !option.bookable}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        // What was typed stays on blur (and so for 'Nuevo cliente'); a choice empties the box.
        if (reason !== 'input' && reason !== 'clear' && reason !== 'selectOption') return;
        const typed = reason === 'selectOption' ? '' : value;
        type(typed);
        onInput?.(typed.trim());
      }}
      clearOnBlur={false}
      onChange={(_, option) => {
        if (!option) return;
        setOpen(false);
        onChoose(option.choice);
      }}
      loading={searching && fetching && options.length === 0}
      loadingText={SEARCH_TEXTS.searching}
      noOptionsText={
        tooShort ? SEARCH_MESSAGES.tooShort : failed ? SEARCH_TEXTS.failed : SEARCH_TEXTS.none
      }
      open={open && input.trim() !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      fullWidth
      forcePopupIcon={false}
      clearText={CLIENT_FINDER_TEXTS.clear}
      renderInput={(params) => (
        <TextField
          {...params}
          label={CLIENT_FINDER_TEXTS.label}
          helperText={CLIENT_FINDER_TEXTS.hint}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: SEARCH_MAX_LENGTH },
          }}
        />
      )}
      renderGroup={renderSearchGroup(listId)}
      renderOption={renderSearchOption}
    />
  );
}
