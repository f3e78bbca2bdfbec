import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  Controller,
  useForm,
  type ControllerRenderProps,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { showErrorDialog } from '../lib/alerts';
import { ApiError } from '../lib/api';

export type FormValues = Record<string, unknown>;

export interface FieldRenderProps {
  field: ControllerRenderProps<FieldValues, string>;
  error: string | undefined;
  form: UseFormReturn<FieldValues>;
  disabled: boolean;
}

/**
 * One input of a form. `Name` is the input's keys (`FieldDef<keyof ClientInput>`): a field
 * whose name the schema does not know does not compile.
 */
export interface FieldDef<Name extends string = string> {
  /** The payload's name (spec §3): server errors come back under it. */
  name: Name;
  label: string;
  kind?: 'text' | 'email' | 'textarea' | 'select' | 'date' | 'datetime' | 'number' | 'password';
  maxLength?: number;
  options?: { value: string | number; label: string }[];
  disabled?: boolean;
  /** Applied to every keystroke: strips what the field cannot hold. */
  sanitize?(value: string): string;
  /** Applied when the field loses focus: prices to two decimals, for instance. */
  formatOnBlur?(value: string): string;
  /** Grid columns out of 12 on wide screens (default 6). */
  width?: number;
  step?: string;
  /** A field the generic inputs cannot express (the DNI lookup, the service tabs). */
  render?(props: FieldRenderProps): ReactNode;
}

export interface ResourceFormProps {
  fields: FieldDef[];
  schema: z.ZodType;
  defaultValues: FormValues;
  submitLabel: string;
  /** Title of the error dialog when the call fails (spec §8: 'Error en Cliente'...). */
  errorTitle: string;
  onSubmit(values: FormValues): Promise<unknown>;
  /** Shows 'Cancelar'; a form that is the whole screen (the settings) has none. */
  onCancel?(): void;
}

/** One form for create and edit: fields declared once, validated by the domain's zod schema. */
export function ResourceForm({
  fields,
  schema,
  defaultValues,
  submitLabel,
  errorTitle,
  onSubmit,
  onCancel,
}: ResourceFormProps) {
  const form = useForm<FieldValues>({
    // The schemas are the domain's; their input and output types vary per resource.
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, messages] of Object.entries(error.errors)) {
          if (fields.some((f) => f.name === name)) setError(name, { message: messages[0] });
        }
      }
      await showErrorDialog(errorTitle, error);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Grid container spacing={2}>
        {fields.map((def) => (
          <Grid key={def.name} size={{ xs: 12, md: def.width ?? 6 }}>
            <Controller
              name={def.name}
              control={control}
              render={({ field, fieldState }) => {
                const error = fieldState.error?.message;
                const disabled = Boolean(def.disabled) || formState.isSubmitting;
                if (def.render) return <>{def.render({ field, error, form, disabled })}</>;
                return <FieldInput def={def} field={field} error={error} disabled={disabled} />;
              }}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={formState.isSubmitting}>
            Cancelar
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

interface FieldInputProps {
  def: FieldDef;
  field: ControllerRenderProps<FieldValues, string>;
  error: string | undefined;
  disabled: boolean;
}

function FieldInput({ def, field, error, disabled }: FieldInputProps) {
  const kind = def.kind ?? 'text';
  const type =
    kind === 'datetime'
      ? 'datetime-local'
      : kind === 'textarea' || kind === 'select'
        ? 'text'
        : kind;
  const shrink = kind === 'date' || kind === 'datetime' ? { shrink: true } : undefined;
  return (
    <TextField
      fullWidth
      id={`field-${def.name}`}
      label={def.label}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as unknown) ?? ''}
      type={type}
      select={kind === 'select'}
      multiline={kind === 'textarea'}
      minRows={kind === 'textarea' ? 3 : undefined}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      onChange={(e) => field.onChange(def.sanitize ? def.sanitize(e.target.value) : e.target.value)}
      onBlur={() => {
        if (def.formatOnBlur && typeof field.value === 'string' && field.value !== '') {
          field.onChange(def.formatOnBlur(field.value));
        }
        field.onBlur();
      }}
      slotProps={{ inputLabel: shrink, htmlInput: { maxLength: def.maxLength, step: def.step } }}
    >
      {def.options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
