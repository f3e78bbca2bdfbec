import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moduleMailer } from '../../mail/mailer';
import { profileRoutes } from './profile';
import { recoveryRoutes } from './recovery';
import { sessionRoutes } from './sessions';
import type { AccountOptions } from './shared';
import { signupRoutes } from './signup';
import { twoFactorRoutes } from './two-factor';

export type { AccountOptions } from './shared';

/**
 * The own account (profile, picture, password, second factor, open sessions) and the public
 * sign-up and recovery flows.
 */
export const accountModule: FastifyPluginAsyncZod<AccountOptions> = async (app, options) => {
  const { db, config } = options;
  const mailer = moduleMailer(app, config, options.mailer);
  await app.register(profileRoutes, { db, mailer });
  await app.register(recoveryRoutes, { db, appUrl: config.appUrl, mailer });
  await app.register(signupRoutes, { db, appUrl: config.appUrl, mailer });
  await app.register(twoFactorRoutes, { db, secrets: options.secrets });
  await app.register(sessionRoutes, { db, policy: options.policy });
};
