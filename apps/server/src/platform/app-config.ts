import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigSchema,
  LANGUAGES,
  OAUTH_CLIENT_ID,
  OAUTH_SCOPE,
  PRODUCT_NAME,
  REALM,
} from '@careslot/contracts';
import { hostedCardFields } from './card-fields';

/** What the SPA needs to know about this deployment before it renders. */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/app-config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Public settings of this deployment for the web app',
        response: { 200: appConfigSchema },
      },
    },
    async () => {
      const { config } = app.deps;
      return {
        productName: PRODUCT_NAME,
        landingEnabled: config.LANDING_ENABLED,
        calendarDisabled: config.DISABLE_CALENDAR,
        supportEmail: config.SUPPORT_EMAIL,
        languages: [...LANGUAGES],
        ehrSystemUrl: config.EHR_SYSTEM_URL,
        oidc: {
          issuer: `${config.publicUrl}/realms/${REALM}`,
          clientId: OAUTH_CLIENT_ID,
          scope: OAUTH_SCOPE,
        },
        social: config.SOCIAL_OIDC_ISSUER
          ? { alias: config.SOCIAL_OIDC_ALIAS, name: config.SOCIAL_OIDC_NAME }
          : null,
        payments: {
          stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
          hostedCardFields: hostedCardFields(config),
        },
      };
    },
  );
};
