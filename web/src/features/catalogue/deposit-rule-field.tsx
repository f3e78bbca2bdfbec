import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DEPOSIT_RULE_KINDS,
  DEPOSIT_RULE_NAMES,
  formatPriceOnBlur,
  keepPriceChars,
  type DepositRuleKind,
} from '@app/domain';
import type { FieldRenderProps } from '../../crud';

/** The select's value for no deposit: the rule itself is then null. */
const NONE = 'ninguno';

/** The rule as the form holds it: typed text, or the stored rule of the item being edited. */
interface ShownRule {
  tipo: DepositRuleKind;
  valor: string;
}

/** What the two inputs show: the form's rule, or none for null and anything unexpected. */
function shown(value: unknown): ShownRule | null {
  if (typeof value !== 'object' || value === null) return null;
  // The field's value is the form's rule: `{tipo, valor}` as typed or as stored.
  const { tipo, valor } = value as { tipo?: unknown; valor?: unknown };
  const kind = DEPOSIT_RULE_KINDS.find((k) => k === tipo);
  if (!kind) return null;
  return {
    tipo: kind,
    valor: typeof valor === 'number' || typeof valor === 'string' ? String(valor) : '',
  };
}

/** Whole percentages only: what is not a digit never reaches the field. */
const digits = (text: string) => text.replace(/\D/g, '').slice(0, 3);

const VALUE_INPUT = {
  monto: { label: 'Monto (S/.)', sanitize: keepPriceChars, inputMode: 'decimal', maxLength: 7 },
  porcentaje: { label: 'Porcentaje (%)', sanitize: digits, inputMode: 'numeric', maxLength: 3 },
} as const;

/**
 * 'Adelanto' (DESIGN §11.6): the deposit a cita of the service or package asks, none, a fixed
 * amount or a share of its price; the value's input shows once a kind is chosen. The form sends
 * null for 'Sin adelanto'.
 */
export function DepositRuleField({ field, form, error, disabled }: FieldRenderProps) {
  const rule = shown(field.value);
  const own = (part: 'tipo' | 'valor') =>
    form.getFieldState(`${field.name}.${part}`, form.formState).error?.message;
  const kindError = own('tipo');
  // The server's errors land on the whole field: under the value while there is one.
  const valueError = own('valor') ?? error;
  const input = rule ? VALUE_INPUT[rule.tipo] : undefined;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          fullWidth
          id={`field-${field.name}`}
          label="Adelanto"
          name={`${field.name}.tipo`}
          // A refused value is focused where it is typed; the kind when there is none.
          inputRef={rule ? undefined : field.ref}
          value={rule?.tipo ?? NONE}
          disabled={disabled}
          error={Boolean(kindError ?? (rule ? undefined : error))}
          helperText={
            kindError ?? (rule ? undefined : error) ?? 'Lo que el cliente paga al reservar la cita'
          }
          onChange={(e) =>
            field.onChange(e.target.value === NONE ? null : { tipo: e.target.value, valor: '' })
          }
        >
          <MenuItem value={NONE}>Sin adelanto</MenuItem>
          {DEPOSIT_RULE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {DEPOSIT_RULE_NAMES[kind]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {rule && input && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            required
            id={`field-${field.name}-valor`}
            label={input.label}
            name={`${field.name}.valor`}
            inputRef={field.ref}
            value={rule.valor}
            disabled={disabled}
            error={Boolean(valueError)}
            helperText={valueError ?? ' '}
            onChange={(e) =>
              field.onChange({ tipo: rule.tipo, valor: input.sanitize(e.target.value) })
            }
            onBlur={() => {
              if (rule.tipo === 'monto' && rule.valor !== '') {
                field.onChange({ tipo: rule.tipo, valor: formatPriceOnBlur(rule.valor) });
              }
              field.onBlur();
            }}
            slotProps={{ htmlInput: { inputMode: input.inputMode, maxLength: input.maxLength } }}
          />
        </Grid>
      )}
    </Grid>
  );
}
