import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMailer } from '../../mail/mailer';
import { profileRoutes } from './profile';
import { recoveryRoutes } from './recovery';
import type { AccountOptions } from './shared';
import { signupRoutes } from './signup';

export type { AccountOptions } from './shared';

/** The own account (profile, picture, password) and the public sign-up and recovery flows. */
export const accountModule: FastifyPluginAsyncZod<AccountOptions> = async (app, options) => {
  const { db, config } = options;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      log: (message) => app.log.warn(message),
    });
  await app.register(profileRoutes, { db });
  await app.register(recoveryRoutes, { db, appUrl: config.appUrl, mailer });
  await app.register(signupRoutes, { db, appUrl: config.appUrl, mailer });
};
