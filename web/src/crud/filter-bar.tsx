import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { monthDateRange } from '../lib/format';
import { DateInput } from './date-inputs';
import type { FilterValues } from './list-params';
import { isDayOrEmpty } from './picker-values';

export interface FilterDef {
  name: string;
  label: string;
  /** A checkbox filter is 'true' when ticked and blank (not sent) otherwise. */
  type?: 'text' | 'select' | 'date' | 'checkbox';
  options?: { value: string; label: string }[];
  /** Shown only when the advanced filters are open. */
  advanced?: boolean;
  /**
   * On the date filter that starts a range of days: the name of the one that ends it. After the
   * pair, 'Este mes' fills both with the current month and searches.
   */
  rangeEnd?: string;
}

/**
 * A range of days: two date filters, empty unless the list's defaults say otherwise, followed by
 * 'Este mes'.
 */
export function dayRangeFilters(
  from: { name: string; label: string },
  to: { name: string; label: string },
  { advanced }: { advanced?: boolean } = {},
): FilterDef[] {
  return [
    { ...from, type: 'date', rangeEnd: to.name, advanced },
    { ...to, type: 'date', advanced },
  ];
}

/**
 * The registration days every list filters by (spec: `fechaInicial`, `fechaFinal`). They start
 * empty (decisions §date-filters: the spec's current month hid most records); 'Este mes' is one
 * click.
 */
export const registrationDayFilters = (options?: { advanced?: boolean }) =>
  dayRangeFilters(
    { name: 'ficial', label: 'Fecha inicial' },
    { name: 'final', label: 'Fecha final' },
    options,
  );

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
    // A half-typed date says so under its field: nothing is searched until it is whole.
    const dates = filters.filter((f) => f.type === 'date');
    if (dates.some((f) => !isDayOrEmpty(draft[f.name] ?? ''))) return;
    onSearch(draft);
  };
  /** 'Este mes': the range from the month's first day to its last, searched at once. */
  const thisMonth = (from: string, to: string) => {
    const { ficial, final } = monthDateRange();
    onSearch({ ...draft, [from]: ficial, [to]: final });
  };
  const hasAdvanced = filters.some((f) => f.advanced);
  const shown = filters.filter((f) => !f.advanced || advancedOpen);

  return (
    <Paper component="form" role="search" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        {shown.map((filter) => {
          const rangeStart = shown.find((f) => f.rangeEnd === filter.name);
          return (
            <Fragment key={filter.name}>
              <Grid size={filterSize(filter)} sx={filterSx(filter)}>
                <FilterInput
                  filter={filter}
                  value={draft[filter.name] ?? ''}
                  onChange={(value) => setDraft({ ...draft, [filter.name]: value })}
                />
              </Grid>
              {rangeStart && (
                <Grid size={{ xs: 12, sm: 'auto' }}>
                  <Button
                    variant="outlined"
                    onClick={() => thisMonth(rangeStart.name, filter.name)}
                  >
                    Este mes
                  </Button>
                </Grid>
              )}
            </Fragment>
          );
        })}
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

/** A filter's grid cell (the theme's breakpoints: md 768, xl 1200 px, when the sidenav docks). */
function filterSize(filter: FilterDef) {
  if (filter.type === 'date') return { xs: 12, sm: 6, md: 3, xl: 2 };
  return { xs: 12, sm: 6, md: filter.type === 'text' || !filter.type ? 4 : 2 };
}

/** 'dd/mm/aaaa' and the calendar button whole at every width, 820 px too (issue 30 §11). */
const filterSx = (filter: FilterDef) => (filter.type === 'date' ? { minWidth: 170 } : undefined);

interface FilterInputProps {
  filter: FilterDef;
  value: string;
  onChange(value: string): void;
}

/** One filter's field: a checkbox, a date (dd/mm/aaaa, issue 30 §8), or a text or select field. */
function FilterInput({ filter, value, onChange }: FilterInputProps) {
  if (filter.type === 'checkbox') {
    return (
      <FormControlLabel
        label={filter.label}
        control={
          <Checkbox
            name={filter.name}
            checked={value === 'true'}
            onChange={(e) => onChange(e.target.checked ? 'true' : '')}
          />
        }
      />
    );
  }
  if (filter.type === 'date') {
    return (
      <DateInput
        fullWidth
        size="small"
        label={filter.label}
        name={filter.name}
        value={value}
        onChange={onChange}
      />
    );
  }
  return (
    <TextField
      fullWidth
      size="small"
      label={filter.label}
      name={filter.name}
      select={filter.type === 'select'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    >
      {filter.options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
