import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { visuallyHidden } from '@mui/utils';
import {
  APPOINTMENT_STATUSES,
  SEARCH_LINKS,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  SEARCH_TEXTS,
  statusName,
  Status,
  type SearchResults,
} from '@app/domain';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, fullName } from '../../lib/format';
import { renderSearchGroup, renderSearchOption, type SearchListOption } from './search-list';
import { useSearch } from './use-search';

interface SearchOption extends SearchListOption {
  key: string;
  /** Where choosing it goes: its list filtered to it (domain `SEARCH_LINKS`). */
  link: string;
}

const suspended = (id_est: number) => (id_est === Status.Suspendido ? ' · Suspendido' : '');

/** The answer's groups, in their order, as the options of one list. */
function optionsOf(results: SearchResults | undefined): SearchOption[] {
  if (!results) return [];
  return [
    ...(results.clientes ?? []).map((c): SearchOption => ({
      key: `cliente-${c.id_cli}`,
      group: 'clientes',
      primary: fullName(c.nom_cli, c.ape_cli),
      secondary: `DNI ${c.dni_cli} · Tel. ${c.tel1_cli}${suspended(c.id_est)}`,
      link: SEARCH_LINKS.client(c),
    })),
    ...(results.mascotas ?? []).map((p): SearchOption => ({
      key: `mascota-${p.id_perro}`,
      group: 'mascotas',
      primary: `${p.nom_perro} (${p.raza_perro})`,
      secondary: `Dueño: ${fullName(p.nom_cli, p.ape_cli)} · DNI ${p.dni_cli}${suspended(p.id_est)}`,
      link: SEARCH_LINKS.pet(p),
    })),
    ...(results.citas ?? []).map((a): SearchOption => ({
      key: `cita-${a.id_cita}`,
      group: 'citas',
      primary: `${formatDateTime(a.fec_cita)} · ${a.nom_perro}`,
      secondary: `${fullName(a.nom_cli, a.ape_cli)} · ${statusName(a.id_est, APPOINTMENT_STATUSES)}`,
      link: SEARCH_LINKS.appointment(a),
    })),
  ];
}

/** How many of each group an answer holds, for the screen reader's notice. */
const countsOf = (results: SearchResults) => ({
  clientes: results.clientes?.length,
  mascotas: results.mascotas?.length,
  citas: results.citas?.length,
});

/**
 * The navbar's 'Buscar aquí' (issue 30 §1): clients, pets and citas as one types, grouped, each
 * opening its list filtered to it. A combobox: the arrows move through the results, Enter opens
 * one, Escape closes the list; a polite live region reads out what was found.
 */
export function NavbarSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const { input, type, searching, shown, fetching, failed, tooShort } = useSearch();
  const options = useMemo(() => optionsOf(shown), [shown]);

  const noOptionsText = tooShort
    ? SEARCH_MESSAGES.tooShort
    : failed
      ? SEARCH_TEXTS.failed
      : SEARCH_TEXTS.none;
  const notice = !open || tooShort || !shown || fetching ? '' : SEARCH_TEXTS.found(countsOf(shown));

  return (
    <Box sx={{ mr: 1, flex: { xs: 1, md: 'none' }, width: { md: 320 } }}>
      <Autocomplete<SearchOption, false, false, false>
        open={open && input.trim() !== ''}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        // The server has filtered them already.
        filterOptions={(all) => all}
        groupBy={(option) => option.group}
        getOptionLabel={(option) => option.primary}
        getOptionKey={(option) => option.key}
        value={null}
        inputValue={input}
        onInputChange={(_, value, reason) => {
          // Choosing a result empties the box (reason 'reset'): nothing to search then.
          type(reason === 'reset' ? '' : value);
        }}
        onChange={(_, option) => {
          if (!option) return;
          setOpen(false);
          void navigate(option.link);
        }}
        loading={searching && fetching && options.length === 0}
        loadingText={SEARCH_TEXTS.searching}
        noOptionsText={noOptionsText}
        size="small"
        fullWidth
        blurOnSelect
        // A search box, not a select: no arrow; the list opens as one types or presses ↓.
        forcePopupIcon={false}
        clearText={SEARCH_TEXTS.clear}
        slotProps={{
          listbox: { sx: { maxHeight: '70vh' } },
          popper: { placement: 'bottom-end', sx: { minWidth: { sm: 360 } } },
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={SEARCH_TEXTS.label}
            // The focused label in the theme's blue is 4.4:1 on the navbar's translucent white
            // (4.5 needed): the darker blue there.
            sx={(theme) => ({
              '& .MuiInputLabel-root.Mui-focused': {
                color:
                  theme.palette.mode === 'light'
                    ? theme.palette.primary.dark
                    : theme.palette.primary.main,
              },
            })}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, maxLength: SEARCH_MAX_LENGTH },
            }}
          />
        )}
        renderGroup={renderSearchGroup(listId)}
        renderOption={renderSearchOption}
      />
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {notice}
      </Box>
    </Box>
  );
}
