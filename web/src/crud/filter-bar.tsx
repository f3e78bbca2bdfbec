import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FilterValues } from './list-params';

export interface FilterDef {
  name: string;
  label: string;
  /** A checkbox filter is 'true' when ticked and blank (not sent) otherwise. */
  type?: 'text' | 'select' | 'date' | 'checkbox';
  options?: { value: string; label: string }[];
  /** Shown only when the advanced filters are open. */
  advanced?: boolean;
}

export interface FilterBarProps {
  filters: FilterDef[];
  values: FilterValues;
  onSearch(values: FilterValues): void;
  /** Labels of the toggle for advanced filters, when some filters are advanced. */
  advancedLabels?: { show: string; hide: string };
  /** Beside Buscar: what acts on the applied filters (the exports). */
  actions?: ReactNode;
}

/** The search area: the filters, edited as a draft, applied on Buscar (or Enter). */
export function FilterBar({ filters, values, onSearch, advancedLabels, actions }: FilterBarProps) {
  const [draft, setDraft] = useState(values);
  const [appliedKey, setAppliedKey] = useState(JSON.stringify(values));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // The address changed (back button, shared link): show what is applied.
  if (JSON.stringify(values) !== appliedKey) {
    setAppliedKey(JSON.stringify(values));
    setDraft(values);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const hasAdvanced = filters.some((f) => f.advanced);
  const shown = filters.filter((f) => !f.advanced || advancedOpen);

  return (
    <Paper component="form" role="search" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        {shown.map((filter) => (
          <Grid
            key={filter.name}
            size={{ xs: 12, sm: 6, md: filter.type === 'text' || !filter.type ? 4 : 2 }}
          >
            {filter.type === 'checkbox' ? (
              <FormControlLabel
                label={filter.label}
                control={
                  <Checkbox
                    name={filter.name}
                    checked={draft[filter.name] === 'true'}
                    onChange={(e) =>
                      setDraft({ ...draft, [filter.name]: e.target.checked ? 'true' : '' })
                    }
                  />
                }
              />
            ) : (
              <TextField
                fullWidth
                size="small"
                label={filter.label}
                name={filter.name}
                type={filter.type === 'date' ? 'date' : 'text'}
                select={filter.type === 'select'}
                value={draft[filter.name] ?? ''}
                onChange={(e) => setDraft({ ...draft, [filter.name]: e.target.value })}
                slotProps={{
                  inputLabel: filter.type === 'date' ? { shrink: true } : undefined,
                  htmlInput: { maxLength: 100 },
                }}
              >
                {filter.options?.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 'auto' }}>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Buscar
          </Button>
        </Grid>
        {actions && (
          <Grid size={{ xs: 12, sm: 'auto' }} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {actions}
          </Grid>
        )}
        {hasAdvanced && advancedLabels && (
          <Grid size={{ xs: 12, sm: 'auto' }}>
            <Button onClick={() => setAdvancedOpen(!advancedOpen)}>
              {advancedOpen ? advancedLabels.hide : advancedLabels.show}
            </Button>
          </Grid>
        )}
      </Grid>
    </Paper>
  );
}
