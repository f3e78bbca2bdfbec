import { z } from 'zod';
import { DoneSchema, successOf } from '../../api';
import { defineEndpoints } from '../../endpoint';
import {
  ConversationRowSchema,
  ConversationSchema,
  MESSAGES_QUERY_KEY,
  MessageSchema,
  SendMessageSchema,
  TelefonoParamSchema,
  WebhookVerifyQuerySchema,
  WhatsappSettingsInputSchema,
  WhatsappSettingsSchema,
} from './messages';

/** Ajustes › 'WhatsApp' and AGENDA › 'Mensajes' (DESIGN §11.5). */
export const MESSAGES_ENDPOINTS = defineEndpoints(MESSAGES_QUERY_KEY, {
  settings: {
    method: 'GET',
    path: '/ajustes/whatsapp',
    response: successOf(WhatsappSettingsSchema),
    permission: 'ajustes.escribir',
  },
  saveSettings: {
    method: 'PUT',
    path: '/ajustes/whatsapp',
    body: WhatsappSettingsInputSchema,
    response: successOf(WhatsappSettingsSchema),
    permission: 'ajustes.escribir',
  },
  conversations: {
    method: 'GET',
    path: '/mensajes',
    response: successOf(z.array(ConversationRowSchema)),
    permission: 'agenda.escribir',
  },
  conversation: {
    method: 'GET',
    path: '/mensajes/:telefono',
    params: TelefonoParamSchema,
    response: successOf(ConversationSchema),
    permission: 'agenda.escribir',
  },
  /** Free text, only within 24 h of the client's last message (409 otherwise). */
  send: {
    method: 'POST',
    path: '/mensajes/:telefono',
    params: TelefonoParamSchema,
    body: SendMessageSchema,
    response: { 201: successOf(MessageSchema) },
    permission: 'agenda.escribir',
  },
});

/**
 * Meta's webhook (no session): the verification handshake answers the challenge as text; the
 * notifications are checked against `X-Hub-Signature-256` over the raw body (read by the
 * handler, so the contract declares no body).
 */
export const WHATSAPP_PUBLIC_ENDPOINTS = defineEndpoints('whatsapp', {
  verify: {
    method: 'GET',
    path: '/public/whatsapp',
    query: WebhookVerifyQuerySchema,
    // The challenge itself, as text/plain.
    response: { 200: z.string() },
    permission: 'public',
  },
  notify: {
    method: 'POST',
    path: '/public/whatsapp',
    response: DoneSchema,
    permission: 'public',
  },
});
