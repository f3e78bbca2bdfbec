import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import type { FieldRenderProps } from '../crud';
import {
  CatalogueItemSelect,
  catalogueChoice,
  type CatalogueItemKind,
} from './catalogue-item-select';

/** What every line says, whatever its number is. */
export const CATALOGUE_LINES_TEXTS = {
  item: 'Servicio o paquete',
  add: 'Agregar servicio o paquete',
  remove: 'Quitar servicio o paquete',
} as const;

const T = CATALOGUE_LINES_TEXTS;

/** A line's item: a service or a package (neither while none is chosen), and its saved name. */
export interface CatalogueLine {
  id_srv?: number;
  id_paq?: number;
  /** The name the line saved, shown while the item is no longer active. */
  nombre?: string;
}

/** The number a line carries beside its item: a bono's visits, an employee's rate. */
export interface CatalogueLineAmount {
  /** Its key in the line, as the schema names it ('cantidad', 'pct'). */
  key: string;
  label: string;
  /** What a new line starts with. */
  initial: string;
  /** What typing keeps of the text (digits, a decimal); cut to `maxLength` after. */
  keep(text: string): string;
  inputMode: 'numeric' | 'decimal';
  maxLength: number;
  /** The input's width beside the item, from `sm` up. */
  width: number;
}

/** A saved line (`{tipo, id, nombre}`) as the field holds it; its amount is the screen's. */
export const catalogueLineOf = (item: {
  tipo: CatalogueItemKind;
  id: number;
  nombre: string;
}): CatalogueLine => ({
  ...(item.tipo === 'servicio' ? { id_srv: item.id } : { id_paq: item.id }),
  nombre: item.nombre,
});

/** A line as the field adds it: no item yet, the amount's starting value. */
export const newCatalogueLine = (amount: CatalogueLineAmount) => ({
  [amount.key]: amount.initial,
});

interface Line extends CatalogueLine {
  amount: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const idOf = (value: unknown) =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && value !== ''
      ? Number(value)
      : undefined;

/** The lines from the field's value. */
function linesOf(value: unknown, amount: CatalogueLineAmount): Line[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: unknown) => {
    if (!isRecord(item)) return { amount: amount.initial };
    const typed = item[amount.key];
    return {
      id_srv: idOf(item.id_srv),
      id_paq: idOf(item.id_paq),
      amount: typeof typed === 'string' || typeof typed === 'number' ? String(typed) : '',
      nombre: typeof item.nombre === 'string' ? item.nombre : undefined,
    };
  });
}

const NO_SERVER_ERRORS: Record<string, string[]> = {};

export interface CatalogueLinesFieldProps extends FieldRenderProps {
  /** The fieldset's legend. */
  label: string;
  /** Under the lines while the field has no error. */
  hint: string;
  amount: CatalogueLineAmount;
  /** How many lines the schema takes. */
  maxLines: number;
  /** How many lines must stay: a bono covers at least one item. */
  minLines?: number;
  /** The server's refusals by path ('por_item.2.id_srv'): the form places only its own fields'. */
  serverErrors?: Record<string, string[]>;
}

/**
 * Lines of the catalogue with a number each (a bono's visits, an employee's rate per item): per
 * line a service or a package of the active ones and its amount; the schema's messages, and the
 * server's for a line, under each input.
 */
export function CatalogueLinesField({
  field,
  form,
  error,
  disabled,
  label,
  hint,
  amount,
  maxLines,
  minLines = 0,
  serverErrors = NO_SERVER_ERRORS,
}: CatalogueLinesFieldProps) {
  const lines = linesOf(field.value, amount);
  const set = (next: Line[]) =>
    field.onChange(next.map(({ amount: value, ...line }) => ({ ...line, [amount.key]: value })));
  const messageOf = (name: string) => form.getFieldState(name, form.formState).error?.message;
  const { setError } = form;
  useEffect(() => {
    for (const [path, messages] of Object.entries(serverErrors)) {
      if (path.startsWith(`${field.name}.`) && messages[0])
        setError(path, { message: messages[0] });
    }
  }, [serverErrors, field.name, setError]);

  return (
    <FormControl component="fieldset" fullWidth error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 1.5 }}>
        {label}
      </FormLabel>
      <Stack spacing={1}>
        {lines.map((line, index) => {
          const n = index + 1;
          const path = `${field.name}.${index}`;
          const itemError = messageOf(`${path}.id_srv`) ?? messageOf(`${path}.id_paq`);
          const amountError = messageOf(`${path}.${amount.key}`);
          return (
            <Stack
              key={index}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <CatalogueItemSelect
                id={`field-${path}`}
                label={`${T.item} ${n}`}
                name={`${path}.id_srv`}
                inputRef={index === 0 ? field.ref : undefined}
                value={catalogueChoice(line.id_srv, line.id_paq)}
                savedName={line.nombre}
                disabled={disabled}
                error={itemError}
                onChoose={(kind, id) =>
                  set(
                    lines.map((it, i) =>
                      i === index
                        ? kind === 'servicio'
                          ? { id_srv: id, amount: it.amount }
                          : { id_paq: id, amount: it.amount }
                        : it,
                    ),
                  )
                }
                onBlur={field.onBlur}
              />
              <TextField
                size="small"
                id={`field-${path}-${amount.key}`}
                label={`${amount.label} ${n}`}
                name={`${path}.${amount.key}`}
                value={line.amount}
                disabled={disabled}
                required
                error={Boolean(amountError)}
                helperText={amountError ?? ' '}
                onChange={(e) => {
                  const typed = amount.keep(e.target.value).slice(0, amount.maxLength);
                  set(lines.map((it, i) => (i === index ? { ...it, amount: typed } : it)));
                }}
                onBlur={field.onBlur}
                sx={{ width: { sm: amount.width }, flexShrink: 0 }}
                slotProps={{
                  htmlInput: { inputMode: amount.inputMode, maxLength: amount.maxLength },
                }}
              />
              <IconButton
                aria-label={`${T.remove} ${n}`}
                onClick={() => set(lines.filter((_, i) => i !== index))}
                disabled={disabled || lines.length <= minLines}
                sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <FormHelperText>{error ?? hint}</FormHelperText>
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set([...lines, { amount: amount.initial }])}
          disabled={disabled || lines.length >= maxLines}
          sx={{ mt: 1 }}
        >
          {T.add}
        </Button>
      </div>
    </FormControl>
  );
}
