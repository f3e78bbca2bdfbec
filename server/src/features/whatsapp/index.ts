import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SecretBox } from '../../auth/secrets';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conversationsModule } from './conversations';
import { whatsappWebhookModule } from './webhook';
import { registerWhatsappAccess } from './whatsapp-reminders';
import { whatsappSettingsModule } from './whatsapp-settings';

export { sendWhatsappReminders } from './whatsapp-reminders';

export interface WhatsappOptions {
  db: Db;
  secrets: SecretBox;
  config: Pick<Config, 'appUrl' | 'whatsappApiUrl'>;
}

/**
 * WhatsApp both ways (DESIGN §11.5): Ajustes › 'WhatsApp', Meta's webhook, AGENDA › 'Mensajes',
 * and the daily run's access to the Graph API (agenda/reminders.ts sends through it).
 */
export const whatsappModule: FastifyPluginAsyncZod<WhatsappOptions> = async (
  app,
  { db, secrets, config },
) => {
  const access = { secrets, apiUrl: config.whatsappApiUrl };
  registerWhatsappAccess(db, access);
  await app.register(whatsappSettingsModule, { db, secrets, config });
  await app.register(whatsappWebhookModule, { db, access });
  await app.register(conversationsModule, { db, access });
};
