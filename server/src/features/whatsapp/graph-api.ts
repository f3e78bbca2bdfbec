import { z } from 'zod';

/**
 * The WhatsApp Cloud API's sending (Meta's Graph API, `POST /<phone number id>/messages`):
 * an approved template (reminders) or free text (replies within 24 h of the client's last
 * message). Each call answers WhatsApp's id of the message (`wamid.…`), which the webhook's
 * statuses refer to.
 */

/** Meta's Graph API, the version the messages are sent with. */
export const GRAPH_API_URL = 'https://graph.facebook.com/v21.0';

/** A slow Graph API never holds a request or the daily run for long. */
const TIMEOUT_MS = 15_000;

/** Who sends: the salon's number on the Cloud API and its access token. */
export interface WhatsappAccount {
  /** The Graph API's base: GRAPH_API_URL, or WHATSAPP_API_URL (tests, e2e). */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
}

export interface TemplateMessage {
  /** WhatsApp's form of the number: '51987654321'. */
  to: string;
  name: string;
  /** The template's language code as approved ('es', 'es_PE'…). */
  language: string;
  /** The body's parameters, {{1}}, {{2}}… in order. */
  bodyParameters: readonly string[];
  /** The payload of each quick-reply button, in the buttons' order. */
  buttonPayloads: readonly string[];
}

/** The Graph API refused the message or could not be reached; its text is for the log. */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }
}

const SentSchema = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

const ErrorSchema = z.object({
  error: z.object({ message: z.string(), code: z.number().optional() }),
});

/** Meta's body of a template message (Cloud API 'Send message templates'). */
export function templateBody(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: message.name,
      language: { code: message.language },
      components: [
        {
          type: 'body',
          parameters: message.bodyParameters.map((text) => ({ type: 'text', text })),
        },
        ...message.buttonPayloads.map((payload, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload }],
        })),
      ],
    },
  };
}

/** Meta's body of a free-text message. */
export function textBody(to: string, text: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { preview_url: false, body: text },
  };
}

async function post(account: WhatsappAccount, body: object): Promise<string> {
  const url = `${account.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(account.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphApiError(
      `No se pudo conectar con la API de WhatsApp: ${error instanceof Error ? error.message : String(error)}`,
      null,
    );
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = ErrorSchema.safeParse(answer);
    throw new GraphApiError(
      refused.success ? refused.data.error.message : `HTTP ${response.status}`,
      response.status,
    );
  }
  const sent = SentSchema.safeParse(answer);
  if (!sent.success) {
    throw new GraphApiError('La API de WhatsApp respondió sin el id del mensaje', response.status);
  }
  return sent.data.messages[0].id;
}

/** Sends an approved template; answers the message's wamid. */
export const sendTemplate = (account: WhatsappAccount, message: TemplateMessage) =>
  post(account, templateBody(message));

/** Sends free text (only within 24 h of the client's last message); answers its wamid. */
export const sendText = (account: WhatsappAccount, to: string, text: string) =>
  post(account, textBody(to, text));
