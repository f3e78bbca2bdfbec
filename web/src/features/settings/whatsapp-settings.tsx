import {
  MESSAGES_ENDPOINTS,
  MESSAGES_TEXTS,
  TEMPLATE_LANGUAGES,
  WhatsappSettingsInputSchema,
  type TemplateLanguage,
  type WhatsappSettings,
  type WhatsappSettingsValues,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ResourceForm, type FieldDef } from '../../crud';
import { toast } from '../../lib/alerts';
import { call, callWithMessage, queryKey } from '../../lib/api';
import { CopyableAddress } from './copyable-address';
import { secretField } from './secret-field';
import { SettingsSection } from './settings-section';

const WHATSAPP_KEY = queryKey(MESSAGES_ENDPOINTS.settings);

export const WHATSAPP_TEXTS = {
  title: 'WhatsApp',
  intro:
    'Opcional. Con la API de WhatsApp Cloud de Meta, los recordatorios salen solos con los botones Confirmar y Cancelar, y los mensajes de los clientes llegan a AGENDA › Mensajes. Sin ella, los enlaces de WhatsApp siguen como hasta ahora.',
  active: 'Activar WhatsApp Cloud API',
  phoneNumberId: 'Identificador del número (Phone number ID)',
  phoneNumberIdHint: 'En Meta for Developers › WhatsApp › Configuración de la API',
  token: 'Token de acceso',
  appSecret: 'Clave secreta de la aplicación (App secret)',
  verifyToken: 'Token de verificación del webhook',
  verifyTokenHint: 'Un texto que usted elige y escribe también en Meta al configurar el webhook',
  template: 'Plantilla de recordatorio aprobada',
  templateHint: 'El nombre exacto de la plantilla con los botones Confirmar y Cancelar',
  language: 'Idioma de la plantilla',
  languages: {
    es: 'Español (es)',
    es_PE: 'Español de Perú (es_PE)',
    es_LA: 'Español de Latinoamérica (es_LA)',
    es_ES: 'Español de España (es_ES)',
    es_MX: 'Español de México (es_MX)',
    en_US: 'Inglés de EE. UU. (en_US)',
  } satisfies Record<TemplateLanguage, string>,
  submit: 'Guardar WhatsApp',
  saveError: 'Error al guardar los ajustes de WhatsApp',
  loading: 'Cargando los ajustes de WhatsApp',
  webhook: {
    title: 'Webhook',
    intro:
      'Pegue esta dirección en Meta (WhatsApp › Configuración › Webhook) como URL de devolución de llamada, con el token de verificación de arriba, y suscríbase a «messages».',
    label: 'URL del webhook',
    copy: 'Copiar',
    copied: 'Dirección copiada',
    copyFailed: 'No se pudo copiar: selecciónela y cópiela a mano',
  },
} as const;

const T = WHATSAPP_TEXTS;

type FieldName = keyof typeof WhatsappSettingsInputSchema.shape;

const formValues = (settings: WhatsappSettings) => ({
  activo: settings.activo,
  phone_number_id: settings.phone_number_id ?? '',
  token: '',
  app_secret: '',
  verify_token: '',
  plantilla_recordatorio: settings.plantilla_recordatorio ?? '',
  idioma: TEMPLATE_LANGUAGES.find((code) => code === settings.idioma) ?? 'es',
});

function fieldsFor(settings: WhatsappSettings): FieldDef<FieldName>[] {
  const secret = (name: FieldName, label: string, stored: boolean, hint?: string) => ({
    ...secretField(name, label, stored ? MESSAGES_TEXTS.secretStored : hint),
    width: 12,
  });
  return [
    { name: 'activo', label: T.active, kind: 'checkbox', width: 12 },
    {
      name: 'phone_number_id',
      label: T.phoneNumberId,
      maxLength: 40,
      inputMode: 'numeric',
      autoComplete: 'off',
      hint: T.phoneNumberIdHint,
      sanitize: (value) => value.replace(/\D/g, ''),
      width: 12,
    },
    secret('token', T.token, settings.tiene_token),
    secret('app_secret', T.appSecret, settings.tiene_app_secret),
    secret('verify_token', T.verifyToken, settings.tiene_verify_token, T.verifyTokenHint),
    {
      name: 'plantilla_recordatorio',
      label: T.template,
      maxLength: 100,
      autoComplete: 'off',
      hint: T.templateHint,
      width: 8,
    },
    {
      name: 'idioma',
      label: T.language,
      kind: 'select',
      width: 4,
      options: TEMPLATE_LANGUAGES.map((code) => ({ value: code, label: T.languages[code] })),
    },
  ];
}

function WhatsappSettingsForm({ settings }: { settings: WhatsappSettings }) {
  const client = useQueryClient();
  const save = async (values: WhatsappSettingsValues) => {
    const answer = await callWithMessage(MESSAGES_ENDPOINTS.saveSettings, { body: values });
    client.setQueryData(WHATSAPP_KEY, answer.data);
    // 'Mensajes' says whether WhatsApp is set up: it reads these settings again.
    await client.invalidateQueries({ queryKey: [MESSAGES_ENDPOINTS.settings.feature] });
    toast.success(answer.message ?? MESSAGES_TEXTS.settingsSaved);
  };
  return (
    <ResourceForm<typeof WhatsappSettingsInputSchema>
      fields={fieldsFor(settings)}
      schema={WhatsappSettingsInputSchema}
      defaultValues={formValues(settings)}
      submitLabel={T.submit}
      errorTitle={T.saveError}
      onSubmit={save}
    />
  );
}

/**
 * Ajustes › 'WhatsApp' (DESIGN §11.5): the Cloud API's number, token, app secret, the webhook's
 * verify token, the reminders' template and its language. Secrets are write-only: an empty field
 * keeps the stored one.
 */
export function WhatsappSettingsCard() {
  const query = useQuery({
    queryKey: WHATSAPP_KEY,
    queryFn: ({ signal }) => call(MESSAGES_ENDPOINTS.settings, { signal }),
  });
  return (
    <SettingsSection
      title={T.title}
      intro={T.intro}
      query={query}
      loading={T.loading}
      loadError={T.saveError}
    >
      {(data) => (
        <>
          {/* What was saved starts the form again. */}
          <WhatsappSettingsForm key={JSON.stringify(data)} settings={data} />
          {/* The address Meta calls. */}
          <CopyableAddress
            id="whatsapp-webhook"
            texts={T.webhook}
            url={data.webhook_url || `${window.location.origin}/api/public/whatsapp`}
          />
        </>
      )}
    </SettingsSection>
  );
}
