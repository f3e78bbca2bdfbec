import EventIcon from '@mui/icons-material/Event';
import PersonIcon from '@mui/icons-material/Person';
import PetsIcon from '@mui/icons-material/Pets';
import type { AutocompleteRenderGroupParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { SEARCH_TEXTS } from '@app/domain';
import type { HTMLAttributes, Key, ReactElement } from 'react';

export type SearchGroup = keyof typeof SEARCH_TEXTS.groups;

/** What a search list shows of one result: its group, its name and a line about it. */
export interface SearchListOption {
  group: SearchGroup;
  primary: string;
  secondary: string;
}

const GROUP_ICONS: Record<SearchGroup, ReactElement> = {
  clientes: <PersonIcon fontSize="small" />,
  mascotas: <PetsIcon fontSize="small" />,
  citas: <EventIcon fontSize="small" />,
};

/**
 * A group of results as an ARIA group named by its title (the listbox holds groups of options),
 * for an Autocomplete's `renderGroup`; `listId` keeps the titles' ids to one box.
 */
export function renderSearchGroup(listId: string) {
  return function SearchGroupItem(params: AutocompleteRenderGroupParams) {
    const titleId = `${listId}-${params.group}`;
    return (
      <li key={params.key} role="group" aria-labelledby={titleId}>
        <ListSubheader
          id={titleId}
          component="div"
          sx={{ lineHeight: '32px', fontWeight: 700, top: -8 }}
        >
          {SEARCH_TEXTS.groups[params.group as SearchGroup]}
        </ListSubheader>
        <Box component="ul" role="presentation" sx={{ p: 0 }}>
          {params.children}
        </Box>
      </li>
    );
  };
}

/** One result, its group's icon beside its two lines, for an Autocomplete's `renderOption`. */
export function renderSearchOption(
  { key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key },
  option: SearchListOption,
) {
  return (
    <Box component="li" key={key} {...props} sx={{ gap: 1.5, alignItems: 'center' }}>
      <Box sx={{ display: 'flex', color: 'text.secondary' }} aria-hidden>
        {GROUP_ICONS[option.group]}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {option.primary}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {option.secondary}
        </Typography>
      </Box>
    </Box>
  );
}
