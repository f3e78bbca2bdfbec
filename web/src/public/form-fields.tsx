import type { ChangeEvent, ReactNode } from 'react';

/**
 * The public pages' form fields in plain HTML (MUI would not fit the page's 120 KB, DESIGN
 * §11.10): each one labelled, described by its hint and its error (`aria-describedby`), marked
 * `aria-invalid` while it has one, and named after its path in the schema ('apoderado.doc') so
 * the first field in error can be found and focused.
 */

/** The element id of a field: its schema path, dots made dashes. */
export const fieldId = (name: string) => `campo-${name.replace(/\./g, '-')}`;

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </>
  );
}

interface FieldBase {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

export interface TextFieldProps extends FieldBase {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
  /** A textarea of this many rows. */
  rows?: number;
}

export function TextField({
  name,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  rows,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = fieldId(name);
  const props = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
    ...input,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {rows ? <textarea rows={rows} {...props} /> : <input type={type} {...props} />}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export interface SelectFieldProps<V extends string> extends FieldBase {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}

export function SelectField<V extends string>({
  name,
  label,
  error,
  hint,
  required,
  value,
  options,
  onChange,
}: SelectFieldProps<V>) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

export interface RadioGroupProps<V extends string> extends Omit<FieldBase, 'hint'> {
  value: V | '';
  /** `description`: what the option means, read with it. */
  options: readonly { value: V; label: ReactNode; description?: string }[];
  onChange(value: V): void;
  /** Options side by side (short ones: Sí / No). */
  inline?: boolean;
}

/** A fieldset of radios; its error describes each radio, so it is read with the one focused. */
export function RadioGroup<V extends string>({
  name,
  label,
  error,
  required,
  value,
  options,
  onChange,
  inline,
}: RadioGroupProps<V>) {
  const id = fieldId(name);
  return (
    <fieldset className="field choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className={inline ? 'options inline' : 'options'}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="option">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={value === option.value}
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(
                  option.description && `${optionId}-description`,
                  error && `${id}-error`,
                )}
                onChange={() => onChange(option.value)}
              />
              <label htmlFor={optionId}>
                {option.label}
                {option.description && (
                  <span id={`${optionId}-description`} className="description">
                    {option.description}
                  </span>
                )}
              </label>
            </div>
          );
        })}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}

export interface CheckboxFieldProps extends Omit<FieldBase, 'hint'> {
  checked: boolean;
  onChange(checked: boolean): void;
}

export function CheckboxField({
  name,
  label,
  error,
  required,
  checked,
  onChange,
}: CheckboxFieldProps) {
  const id = fieldId(name);
  return (
    <div className="field option">
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** The asterisk is for the eye; a screen reader is told `required` by the field itself. */
function RequiredMark() {
  return (
    <span className="required" aria-hidden="true">
      {' *'}
    </span>
  );
}
