import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type ReactNode } from 'react';
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
import { DateInput, DateTimeInput } from './date-inputs';

export type FormValues = Record<string, unknown>;

/** The object schema under a form's refinements and transforms (zod 4's definitions). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    in?: z.ZodType;
  };
  if (def.type === 'object' && def.shape) return def.shape;
  if (def.type === 'pipe' && def.in) return objectShape(def.in);
  return {};
}

/** A field is required when its schema takes neither nothing nor an empty text. */
function requiredFields(schema: z.ZodType): Set<string> {
  return new Set(
    Object.entries(objectShape(schema))
      .filter(([, field]) => !field.safeParse(undefined).success && !field.safeParse('').success)
      .map(([name]) => name),
  );
}

/** A schema's input values; loose values for one typed only as `z.ZodType` (the CRUD configs). */
type FormInput<S extends z.ZodType> = unknown extends z.input<S> ? FormValues : z.input<S>;
type FormOutput<S extends z.ZodType> = unknown extends z.output<S> ? FormValues : z.output<S>;

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
  /** The payload's name (spec §001-3): server errors come back under it, or under `serverName`. */
  name: Name;
  label: string;
  kind?:
    | 'text'
    | 'email'
    | 'textarea'
    | 'select'
    | 'date'
    | 'datetime'
    | 'number'
    | 'password'
    | 'checkbox';
  maxLength?: number;
  options?: { value: string | number; label: string }[];
  disabled?: boolean;
  /** The label's asterisk and the input's `required`; told from the schema when left out. */
  required?: boolean;
  /** The browser's autofill hint: 'email', 'new-password'... */
  autoComplete?: string;
  autoFocus?: boolean;
  /** Shown under the field while it has no error (the password rules). */
  hint?: string;
  /** The call's name for the field when it is not the form's: its server errors land here. */
  serverName?: string;
  /** Applied to every keystroke: strips what the field cannot hold. */
  sanitize?(value: string): string;
  /** The on-screen keyboard a phone opens: 'decimal' for a measure typed with a comma. */
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email';
  /** Applied when the field loses focus: prices to two decimals, for instance. */
  formatOnBlur?(value: string): string;
  /** Grid columns out of 12 on wide screens (the form's `fieldWidth` by default). */
  width?: number;
  step?: string;
  /** A field the generic inputs cannot express (the DNI lookup, the service tabs). */
  render?(props: FieldRenderProps): ReactNode;
}

export interface ResourceFormProps<S extends z.ZodType = z.ZodType> {
  fields: FieldDef<keyof FormInput<S> & string>[];
  schema: S;
  /** The values the form starts from, and returns to after `resetOnSuccess`. */
  defaultValues: Partial<FormInput<S>>;
  submitLabel: string;
  onSubmit(values: FormOutput<S>): Promise<unknown>;
  /** Shows 'Cancelar'; a form that is the whole screen (the settings) has none. */
  onCancel?(): void;
  /** Title of the error dialog when the call fails (spec §001-8: 'Error en Cliente'...). */
  errorTitle?: string;
  /**
   * What a failed call shows instead of the error dialog, once the server's field errors sit
   * under their fields (the English screens' 'Oops' toast).
   */
  onFailure?(error: unknown): void;
  /** Shows the server's message above the fields when no field carries it. */
  showUnplacedMessage?: boolean;
  /** The fields return to `defaultValues` once the call succeeds. */
  resetOnSuccess?: boolean;
  submitDisabled?: boolean;
  /** A full-width large submit, as on the cards of the screens used without a session. */
  wideSubmit?: boolean;
  /** Grid columns of a field that sets no `width` (default 6). */
  fieldWidth?: number;
  /** Shown in the form above the fields; a function is told whether the form is submitting. */
  children?: ReactNode | ((submitting: boolean) => ReactNode);
}

/**
 * One form for create and edit: fields declared once, validated by the domain's zod schema.
 * The schema's type is given, not inferred (`<ResourceForm<typeof SignupSchema> …>`): it then
 * types the field names, the defaults and the submitted values; without it the values are loose.
 */
export function ResourceForm<S extends z.ZodType = z.ZodType>({
  fields,
  schema,
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
  errorTitle = '',
  onFailure,
  showUnplacedMessage = false,
  resetOnSuccess = false,
  submitDisabled = false,
  wideSubmit = false,
  fieldWidth = 6,
  children,
}: ResourceFormProps<NoInfer<S>>) {
  const form = useForm<FieldValues>({
    // The schemas are the domain's; their input and output types vary per resource.
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>),
    defaultValues: defaultValues as FieldValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const required = useMemo(() => requiredFields(schema), [schema]);
  const [unplaced, setUnplaced] = useState<string>();

  const fail = async (error: unknown) => {
    let placed = false;
    if (error instanceof ApiError) {
      for (const def of fields) {
        const message = error.fieldError(def.serverName ?? def.name);
        if (message) {
          setError(def.name, { message });
          placed = true;
        }
      }
    }
    if (showUnplacedMessage) {
      setUnplaced(error instanceof ApiError && !placed ? error.message || undefined : undefined);
    }
    if (onFailure) onFailure(error);
    else await showErrorDialog(errorTitle, error);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values as FormOutput<S>);
    } catch (error) {
      await fail(error);
      return;
    }
    setUnplaced(undefined);
    if (resetOnSuccess) reset();
  });

  const above = typeof children === 'function' ? children(formState.isSubmitting) : children;
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      {unplaced && (
        <Alert severity="error" sx={{ mb: 2.5 }}>
          {unplaced}
        </Alert>
      )}
      {above && <Box sx={{ mb: 2.5 }}>{above}</Box>}
      <Grid container spacing={2}>
        {fields.map((def) => (
          <Grid key={def.name} size={{ xs: 12, md: def.width ?? fieldWidth }}>
            <Controller
              name={def.name}
              control={control}
              render={({ field, fieldState }) => {
                const error = fieldState.error?.message;
                const disabled = Boolean(def.disabled) || formState.isSubmitting;
                if (def.render) return <>{def.render({ field, error, form, disabled })}</>;
                const Input =
                  def.kind === 'checkbox'
                    ? CheckboxInput
                    : def.kind === 'date' || def.kind === 'datetime'
                      ? PickerInput
                      : FieldInput;
                const marked = { ...def, required: def.required ?? required.has(def.name) };
                return <Input def={marked} field={field} error={error} disabled={disabled} />;
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
        <Button
          type="submit"
          variant="contained"
          size={wideSubmit ? 'large' : 'medium'}
          fullWidth={wideSubmit}
          loading={formState.isSubmitting}
          disabled={submitDisabled}
        >
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

/** A field as the form draws it, for a custom `render` that shows one among its own parts. */
export function FieldInput({ def, field, error, disabled }: FieldInputProps) {
  const kind = def.kind ?? 'text';
  const type = kind === 'textarea' || kind === 'select' ? 'text' : kind;
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
      required={def.required}
      autoComplete={def.autoComplete}
      autoFocus={def.autoFocus}
      disabled={disabled}
      error={Boolean(error)}
      // Always present, so the field's description is its error or hint (aria-describedby).
      helperText={error ?? def.hint ?? ' '}
      onChange={(e) => field.onChange(def.sanitize ? def.sanitize(e.target.value) : e.target.value)}
      onBlur={() => {
        if (def.formatOnBlur && typeof field.value === 'string' && field.value !== '') {
          field.onChange(def.formatOnBlur(field.value));
        }
        field.onBlur();
      }}
      slotProps={{
        htmlInput: { maxLength: def.maxLength, step: def.step, inputMode: def.inputMode },
      }}
    >
      {def.options?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A date ('YYYY-MM-DD') or a date and time ('YYYY-MM-DDTHH:mm', Lima), shown dd/mm/aaaa and 24 h
 * in every browser (issue 30 §8); a half-typed one is a value the schema refuses, not an empty one.
 */
function PickerInput({ def, field, error, disabled }: FieldInputProps) {
  const Input = def.kind === 'datetime' ? DateTimeInput : DateInput;
  return (
    <Input
      fullWidth
      id={`field-${def.name}`}
      label={def.label}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      required={def.required}
      autoFocus={def.autoFocus}
      disabled={disabled}
      error={error}
      // Always present, so the field's description is its error or hint (aria-describedby).
      hint={def.hint ?? ' '}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

/** A ticked box is `true`; its error or hint sits under it and describes it. */
function CheckboxInput({ def, field, error, disabled }: FieldInputProps) {
  const id = `field-${def.name}`;
  const helper = error ?? def.hint;
  return (
    <div>
      <FormControlLabel
        label={def.label}
        disabled={disabled}
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={field.value === true}
            required={def.required}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': Boolean(error),
                'aria-describedby': helper ? `${id}-helper-text` : undefined,
              },
            }}
          />
        }
      />
      {helper && (
        <FormHelperText id={`${id}-helper-text`} error={Boolean(error)}>
          {helper}
        </FormHelperText>
      )}
    </div>
  );
}
