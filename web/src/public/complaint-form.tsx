import {
  COMPLAINT_DOC_TYPE_LABELS,
  COMPLAINT_DOC_TYPES,
  COMPLAINT_GOOD_LABELS,
  COMPLAINT_HONEYPOT,
  COMPLAINT_KIND_EXPLANATIONS,
  COMPLAINT_LIMITS,
  COMPLAINT_PUBLIC_ENDPOINTS,
  COMPLAINT_TEXTS,
  type ComplaintDocType,
  type ComplaintFiled,
  type ComplaintInput,
} from '@app/domain';
import { useRef, useState, type FormEvent } from 'react';
import {
  CheckboxField,
  fieldId,
  RadioGroup,
  SelectField,
  TextField,
  type TextFieldProps,
} from './form-fields';
import {
  collectErrors,
  EMPTY_FORM,
  FIELD_ORDER,
  validateForm,
  type FieldErrors,
  type FormValues,
  type TextName,
} from './complaint-form-values';
import { callPublic, PublicApiError } from './public-api';

export const FORM_TEXTS = {
  nombres: 'Nombres',
  apellidos: 'Apellidos',
  tipoDoc: 'Tipo de documento',
  doc: 'Número de documento',
  direccion: 'Domicilio',
  telefono: 'Teléfono',
  email: 'E-mail',
  emailHint: 'Aquí le enviaremos la copia de su hoja y nuestra respuesta.',
  menor: '¿Es menor de edad?',
  yes: 'Sí',
  no: 'No',
  apoderadoNombre: 'Nombre completo del padre, madre o apoderado',
  apoderadoTipoDoc: 'Tipo de documento del padre, madre o apoderado',
  apoderadoDoc: 'Número de documento del padre, madre o apoderado',
  bien: 'Bien contratado',
  monto: 'Monto reclamado (S/.)',
  montoHint: 'Opcional. Por ejemplo: 45.00',
  descripcion: 'Descripción del producto o servicio',
  tipo: 'Tipo',
  detalle: 'Detalle de la reclamación',
  detalleHint: 'Cuéntenos qué ocurrió, cuándo y dónde.',
  pedido: 'Pedido del consumidor',
  pedidoHint: '¿Qué solicita para solucionar su reclamo o queja?',
  honeypot: 'Sitio web (no llenar)',
  requiredNote: 'Los campos marcados con * son obligatorios.',
  submit: 'Enviar',
  sending: 'Enviando…',
  fix: 'Revise los campos marcados: cada uno indica qué corregir.',
} as const;

const DOC_TYPE_OPTIONS = COMPLAINT_DOC_TYPES.map((value) => ({
  value,
  label: COMPLAINT_DOC_TYPE_LABELS[value],
}));

/** A number a phone's keypad types: DNI and RUC are digits. */
const docInputMode = (type: ComplaintDocType) =>
  type === 'DNI' || type === 'RUC' ? 'numeric' : 'text';

export interface ComplaintFormProps {
  onFiled(filed: ComplaintFiled, input: ComplaintInput): void;
}

/**
 * The hoja as the consumer fills it (DESIGN §11.3), in the three sections of the legal form:
 * checked with the server's own schema before it is sent, and the server's refusals shown on
 * their fields; the first field in error takes the focus.
 */
export function ComplaintForm({ onFiled }: ComplaintFormProps) {
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  // null until the first submit; from then on each change checks the form again.
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = <K extends keyof FormValues>(name: K, value: FormValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors) {
      const checked = validateForm(next);
      setErrors('errors' in checked ? checked.errors : {});
      // Everything mended: the notice above 'Enviar' goes too.
      if ('input' in checked) setProblem(null);
    }
  };

  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((name) => found[name]);
    // After React has drawn the fields (a guardian's appear with 'Sí').
    requestAnimationFrame(() => {
      const field = first && formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      field?.focus();
    });
  };

  const showErrors = (found: FieldErrors, message: string | null) => {
    setErrors(found);
    setProblem(message);
    focusFirst(found);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = validateForm(values);
    if (!('input' in checked)) {
      showErrors(checked.errors, checked.other ?? FORM_TEXTS.fix);
      return;
    }
    setErrors({});
    setProblem(null);
    setSending(true);
    try {
      onFiled(await callPublic(COMPLAINT_PUBLIC_ENDPOINTS.file, checked.input), checked.input);
    } catch (error) {
      if (!(error instanceof PublicApiError)) throw error;
      const found = collectErrors(
        Object.entries(error.errors).map(([path, messages]): [string, string] => [
          path,
          messages[0] ?? error.message,
        ]),
      );
      const named = Object.keys(found.errors).length > 0;
      showErrors(found.errors, named ? FORM_TEXTS.fix : (found.other ?? error.message));
    } finally {
      setSending(false);
    }
  };

  const text = (
    name: TextName,
    props: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'>,
  ) => (
    <TextField
      name={name}
      value={values[name]}
      onChange={(value) => update(name, value)}
      error={errors?.[name]}
      {...props}
    />
  );

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="card">
      <p className="hint">{FORM_TEXTS.requiredNote}</p>

      <section aria-labelledby="seccion-consumidor">
        <h2 id="seccion-consumidor">{COMPLAINT_TEXTS.consumer}</h2>
        <div className="grid">
          {text('nombres', {
            label: FORM_TEXTS.nombres,
            required: true,
            autoComplete: 'given-name',
            maxLength: COMPLAINT_LIMITS.name,
          })}
          {text('apellidos', {
            label: FORM_TEXTS.apellidos,
            required: true,
            autoComplete: 'family-name',
            maxLength: COMPLAINT_LIMITS.name,
          })}
          <SelectField
            name="tipo_doc"
            label={FORM_TEXTS.tipoDoc}
            required
            value={values.tipo_doc}
            options={DOC_TYPE_OPTIONS}
            onChange={(value) => update('tipo_doc', value)}
            error={errors?.tipo_doc}
          />
          {text('doc', {
            label: FORM_TEXTS.doc,
            required: true,
            inputMode: docInputMode(values.tipo_doc),
            autoComplete: 'off',
            maxLength: 20,
          })}
        </div>
        {text('direccion', {
          label: FORM_TEXTS.direccion,
          required: true,
          autoComplete: 'street-address',
          maxLength: COMPLAINT_LIMITS.address,
        })}
        <div className="grid">
          {text('telefono', {
            label: FORM_TEXTS.telefono,
            required: true,
            type: 'tel',
            autoComplete: 'tel',
            maxLength: 20,
          })}
          {text('email', {
            label: FORM_TEXTS.email,
            required: true,
            type: 'email',
            autoComplete: 'email',
            hint: FORM_TEXTS.emailHint,
            maxLength: COMPLAINT_LIMITS.email,
          })}
        </div>
        <RadioGroup
          name="menor"
          label={FORM_TEXTS.menor}
          inline
          value={values.menor}
          options={[
            { value: 'no', label: FORM_TEXTS.no },
            { value: 'si', label: FORM_TEXTS.yes },
          ]}
          onChange={(value) => update('menor', value)}
          error={errors?.menor}
        />
        {values.menor === 'si' && (
          <div className="guardian">
            <p className="guardian-title">{COMPLAINT_TEXTS.guardian}</p>
            <TextField
              name="apoderado.nombre"
              label={FORM_TEXTS.apoderadoNombre}
              required
              autoComplete="off"
              maxLength={COMPLAINT_LIMITS.guardian}
              value={values.apoderado_nombre}
              onChange={(value) => update('apoderado_nombre', value)}
              error={errors?.['apoderado.nombre']}
            />
            <div className="grid">
              <SelectField
                name="apoderado.tipo_doc"
                label={FORM_TEXTS.apoderadoTipoDoc}
                required
                value={values.apoderado_tipo_doc}
                options={DOC_TYPE_OPTIONS}
                onChange={(value) => update('apoderado_tipo_doc', value)}
                error={errors?.['apoderado.tipo_doc']}
              />
              <TextField
                name="apoderado.doc"
                label={FORM_TEXTS.apoderadoDoc}
                required
                inputMode={docInputMode(values.apoderado_tipo_doc)}
                autoComplete="off"
                maxLength={20}
                value={values.apoderado_doc}
                onChange={(value) => update('apoderado_doc', value)}
                error={errors?.['apoderado.doc']}
              />
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="seccion-bien">
        <h2 id="seccion-bien">{COMPLAINT_TEXTS.contracted}</h2>
        <RadioGroup
          name="bien"
          label={FORM_TEXTS.bien}
          required
          inline
          value={values.bien}
          options={[
            { value: 'producto', label: COMPLAINT_GOOD_LABELS.producto },
            { value: 'servicio', label: COMPLAINT_GOOD_LABELS.servicio },
          ]}
          onChange={(value) => update('bien', value)}
          error={errors?.bien}
        />
        {text('monto', {
          label: FORM_TEXTS.monto,
          inputMode: 'decimal',
          autoComplete: 'off',
          hint: FORM_TEXTS.montoHint,
          maxLength: 14,
        })}
        {text('descripcion', {
          label: FORM_TEXTS.descripcion,
          required: true,
          rows: 2,
          maxLength: COMPLAINT_LIMITS.description,
        })}
      </section>

      <section aria-labelledby="seccion-detalle">
        <h2 id="seccion-detalle">{COMPLAINT_TEXTS.detail}</h2>
        <RadioGroup
          name="tipo"
          label={FORM_TEXTS.tipo}
          required
          value={values.tipo}
          options={[
            { value: 'reclamo', label: COMPLAINT_KIND_EXPLANATIONS.reclamo },
            { value: 'queja', label: COMPLAINT_KIND_EXPLANATIONS.queja },
          ]}
          onChange={(value) => update('tipo', value)}
          error={errors?.tipo}
        />
        {text('detalle', {
          label: FORM_TEXTS.detalle,
          required: true,
          rows: 5,
          hint: FORM_TEXTS.detalleHint,
          maxLength: COMPLAINT_LIMITS.detail,
        })}
        {text('pedido', {
          label: FORM_TEXTS.pedido,
          required: true,
          rows: 3,
          hint: FORM_TEXTS.pedidoHint,
          maxLength: COMPLAINT_LIMITS.request,
        })}
      </section>

      {/* People never see this field; a bot that fills it is refused (COMPLAINT_HONEYPOT). */}
      <div className="trap" aria-hidden="true">
        <label htmlFor={fieldId(COMPLAINT_HONEYPOT)}>{FORM_TEXTS.honeypot}</label>
        <input
          id={fieldId(COMPLAINT_HONEYPOT)}
          name={COMPLAINT_HONEYPOT}
          tabIndex={-1}
          autoComplete="off"
          value={values.sitio_web}
          onChange={(event) => update('sitio_web', event.target.value)}
        />
      </div>

      <p className="legal">{COMPLAINT_TEXTS.answerTerm}</p>
      <p className="legal">{COMPLAINT_TEXTS.otherRemedies}</p>
      <CheckboxField
        name="acepta"
        label={COMPLAINT_TEXTS.acceptTerms}
        required
        checked={values.acepta}
        onChange={(checked) => update('acepta', checked)}
        error={errors?.acepta}
      />
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="primary" aria-disabled={sending || undefined}>
        {sending ? FORM_TEXTS.sending : FORM_TEXTS.submit}
      </button>
    </form>
  );
}
