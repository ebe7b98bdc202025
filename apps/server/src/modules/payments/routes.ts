import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captureInputSchema,
  cardFieldSessionInputSchema,
  cardFieldSessionSchema,
  entityConfigQuerySchema,
  entityPaymentConfigSchema,
  errorEnvelopeSchema,
  gatewayRefundSchema,
  locationConfigQuerySchema,
  locationPaymentConfigSchema,
  organizationConfigQuerySchema,
  organizationPaymentConfigSchema,
  patientBalanceQuerySchema,
  patientBalanceSchema,
  patientIdQuery,
  PAYMENT_MESSAGES,
  paymentEnvelope,
  paymentIntentInputSchema,
  paymentIntentQuerySchema,
  paymentMethodInputSchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  paymentTransactionSchema,
  refundRequestSchema,
  transactionIdParamsSchema,
  walletApprovalSchema,
  walletOrderInputSchema,
  walletOrderSchema,
  configIdParamsSchema,
  feeEntityQuerySchema,
  financePracticeConfigListSchema,
  financeTransactionListSchema,
  financeTransactionsQuerySchema,
  locationConfigListQuerySchema,
  locationPaymentBatchSchema,
  locationPaymentInputSchema,
  locationPaymentSettingsListSchema,
  organizationPaymentInputSchema,
  payeeAccountQuerySchema,
  payeeAccountSchema,
  payeeConnectQuerySchema,
  payeeConnectUrlSchema,
  paymentGatewaySchema,
  visitFeeInputSchema,
  visitFeeSettingsListSchema,
  visitFeeSettingsSchema,
} from '@careslot/contracts';
import { z } from 'zod';
import { requireRoles, requireUser } from '../../platform/auth';
import { ROLE_SETS } from '../../platform/access';
import { hostedCardFields } from '../../platform/card-fields';
import { contextOf } from '../../platform/context';
import * as finance from './finance';
import * as service from './service';
import * as settings from './settings';
import { BEARER, ok } from '../../platform/route-schemas';

const PAY = '/careslot-payment-service/api';
const tags = ['payments'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

/**
 * The payment calls of patient-booking.md §7: visit-fee configuration, saved cards, authorization of the
 * visit fee, capture, refunds, transactions and the patient balance. Card provider A's paths
 * (v1/stripepayment/...) are answered by Stripe when configured, by the built-in sandbox otherwise.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const opts = { preHandler: requireUser };

  app.get(
    `${PAY}/organizations/get-by-organization`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "A practice's online payment setting and gateway",
        querystring: organizationConfigQuerySchema,
        response: { 200: paymentEnvelope(organizationPaymentConfigSchema), ...errors },
      },
    },
    async (request) => ok(await service.organizationConfig(deps, request.query.organizationId)),
  );

  for (const path of ['locations/get-by-location', 'locations']) {
    app.get(
      `${PAY}/${path}`,
      {
        ...opts,
        schema: {
          tags,
          security,
          summary: "A location's gateway",
          querystring: locationConfigQuerySchema,
          response: { 200: paymentEnvelope(locationPaymentConfigSchema), ...errors },
        },
      },
      async (request) =>
        ok(await service.locationConfig(deps, request.query.organizationId, request.query.locationId)),
    );
  }

  // ---------- the practice admin's payment settings (decision 0055) ----------
  const admin = { preHandler: requireRoles(...ROLE_SETS.ADMINS) };
  const adminTags = ['payment settings'];

  app.get(
    `${PAY}/paymentgateways`,
    {
      ...opts,
      schema: {
        tags: adminTags,
        security,
        summary: 'The gateways a practice may choose, and whether this server takes payments through each',
        response: { 200: paymentEnvelope(z.array(paymentGatewaySchema)), ...errors },
      },
    },
    async () => ok(settings.paymentGateways(deps)),
  );

  app.post(
    `${PAY}/organizations/upsert`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Set the practice's online payment switch and gateway (Payment_Config_Edit_Web)",
        querystring: organizationConfigQuerySchema,
        body: organizationPaymentInputSchema,
        response: { 200: paymentEnvelope(organizationPaymentConfigSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await settings.upsertOrganizationConfig(
          deps,
          contextOf(request),
          request.query.organizationId,
          request.body,
        ),
      ),
  );

  app.delete(
    `${PAY}/organizations/:id`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Turn the practice's online payment off and remove its gateway",
        params: configIdParamsSchema,
        response: { 200: paymentEnvelope(organizationPaymentConfigSchema), ...errors },
      },
    },
    async (request) =>
      ok(await settings.deleteOrganizationConfig(deps, contextOf(request), request.params.id)),
  );

  app.post(
    `${PAY}/locations/upsert`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Set a location's own gateway (overrides the organization's)",
        querystring: locationConfigQuerySchema,
        body: locationPaymentInputSchema,
        response: { 200: paymentEnvelope(locationPaymentConfigSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await settings.upsertLocationConfig(
          deps,
          contextOf(request),
          request.query.organizationId,
          request.query.locationId,
          request.body,
        ),
      ),
  );

  app.get(
    `${PAY}/locations/batch`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "The gateways of the practice's locations",
        querystring: locationConfigListQuerySchema,
        response: { 200: paymentEnvelope(locationPaymentSettingsListSchema), ...errors },
      },
    },
    async (request) => {
      const data = await settings.listLocationConfigs(deps, contextOf(request), request.query.organizationId);
      return ok({ Data: data, Total: data.length });
    },
  );

  app.post(
    `${PAY}/locations/batch`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Set several locations' gateways at once (all or nothing)",
        querystring: locationConfigListQuerySchema,
        body: locationPaymentBatchSchema,
        response: { 200: paymentEnvelope(locationPaymentSettingsListSchema), ...errors },
      },
    },
    async (request) => {
      const data = await settings.upsertLocationConfigs(
        deps,
        contextOf(request),
        request.query.organizationId,
        request.body.Data,
      );
      return ok({ Data: data, Total: data.length });
    },
  );

  app.delete(
    `${PAY}/locations/:id`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Remove a location's own gateway (the organization's applies again)",
        params: configIdParamsSchema,
        response: { 200: paymentEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await settings.deleteLocationConfig(deps, contextOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    `${PAY}/entityconfigurations`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary: "Every provider's and resource's visit fee of the practice",
        querystring: locationConfigListQuerySchema,
        response: { 200: paymentEnvelope(visitFeeSettingsListSchema), ...errors },
      },
    },
    async (request) => {
      const data = await settings.listVisitFees(deps, contextOf(request), request.query.organizationId);
      return ok({ Data: data, Total: data.length });
    },
  );

  app.post(
    `${PAY}/entityconfigurations/upsert`,
    // A provider sets their own fee here too (decision 0068); the service decides which fee a caller may set.
    {
      config: { feature: 'settings', workflow: 'Visit_Fee_Web' },
      preHandler: requireRoles(...ROLE_SETS.ADMINS, ...ROLE_SETS.PROVIDERS),
      schema: {
        tags: adminTags,
        security,
        summary:
          "Set a provider's or resource's visit fee, in cents: the practice admin any of the practice's, a provider their own (Visit_Fee_Web)",
        querystring: feeEntityQuerySchema,
        body: visitFeeInputSchema,
        response: { 200: paymentEnvelope(visitFeeSettingsSchema), ...errors },
      },
    },
    async (request) =>
      ok(await settings.upsertVisitFee(deps, contextOf(request), request.query, request.body)),
  );

  app.get(
    `${PAY}/payee-account/connect-url`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          '"Connect with Stripe": where the admin authorizes CareSlot at Stripe Connect (or the sandbox)',
        querystring: payeeConnectQuerySchema,
        response: { 200: paymentEnvelope(payeeConnectUrlSchema), ...errors },
      },
    },
    async (request) =>
      ok({
        Url: await settings.payeeConnectUrl(
          deps,
          contextOf(request),
          request.query.organizationId,
          request.query.state,
        ),
      }),
  );

  app.get(
    `${PAY}/payee-account`,
    {
      ...admin,
      schema: {
        tags: adminTags,
        security,
        summary:
          "Exchange Stripe Connect's authorization code and keep the connected account as the practice's",
        querystring: payeeAccountQuerySchema,
        response: { 200: paymentEnvelope(payeeAccountSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await settings.connectPayeeAccount(
          deps,
          contextOf(request),
          request.query.organizationId,
          request.query.authCode,
        ),
      ),
  );

  // ---------- the financial super user's read-only view (decision 0056) ----------
  const financeOnly = { preHandler: requireRoles(...ROLE_SETS.FINANCE) };
  const financeTags = ['finance'];

  app.get(
    `${PAY}/v1/finance/transactions`,
    {
      ...financeOnly,
      schema: {
        tags: financeTags,
        security,
        summary: 'Payments across practices (no patient or clinical data), newest first, paged; audited',
        querystring: financeTransactionsQuerySchema,
        response: { 200: paymentEnvelope(financeTransactionListSchema), ...errors },
      },
    },
    async (request) => ok(await finance.financeTransactions(deps, contextOf(request), request.query)),
  );

  app.get(
    `${PAY}/v1/finance/payment-configurations`,
    {
      ...financeOnly,
      schema: {
        tags: financeTags,
        security,
        summary: "Every practice's payment configuration (account fields masked); audited",
        response: { 200: paymentEnvelope(financePracticeConfigListSchema), ...errors },
      },
    },
    async (request) => ok(await finance.financePracticeConfigs(deps, contextOf(request))),
  );

  app.get(
    `${PAY}/entityconfigurations/entity`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "A provider's or resource's visit fee",
        querystring: entityConfigQuerySchema,
        response: { 200: paymentEnvelope(entityPaymentConfigSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.entityConfig(
          deps,
          request.query.organizationId,
          request.query.entityType,
          request.query.entityId,
        ),
      ),
  );

  app.get(
    `${PAY}/v1/stripepayment/customers/payment-methods`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "The patient's saved cards",
        querystring: patientIdQuery,
        response: { 200: paymentMethodListSchema, ...errors },
      },
    },
    async (request) =>
      ok({ data: await service.listPaymentMethods(deps, contextOf(request), request.query.patientId) }),
  );

  app.post(
    `${PAY}/v1/stripepayment/customers/payment-methods`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Save a card for the patient',
        body: paymentMethodInputSchema,
        response: { 200: paymentEnvelope(paymentMethodSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.addPaymentMethod(deps, contextOf(request), request.body),
        PAYMENT_MESSAGES.methodSaved,
      ),
  );

  app.post(
    `${PAY}/v1/stripepayment/invoices/payment-intent`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Authorize the visit fee on a saved card (captured once the booking commits)',
        querystring: paymentIntentQuerySchema,
        body: paymentIntentInputSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.authorizeVisitFee(deps, contextOf(request), request.body, request.query.amount),
        PAYMENT_MESSAGES.authorized,
      ),
  );

  // Card providers B and C (§7): the same authorization, for a practice paid through Fortis or Global Payments; the
  // PaymentMethodId is then the token of the gateway's hosted card field (decision 0071).
  for (const path of ['v1/fortispayment/invoices/payment-intent', 'v1/globalpayment/process-amount']) {
    app.post(
      `${PAY}/${path}`,
      {
        ...opts,
        schema: {
          tags,
          security,
          summary:
            "Authorize the visit fee with the token of the practice's gateway card field (captured once the booking commits)",
          querystring: paymentIntentQuerySchema,
          body: paymentIntentInputSchema,
          response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
        },
      },
      async (request) =>
        ok(
          await service.authorizeVisitFee(deps, contextOf(request), request.body, request.query.amount),
          PAYMENT_MESSAGES.authorized,
        ),
    );
  }

  // What their hosted card fields start with in the browser (decision 0077), when this server takes their payments for real.
  const fields = hostedCardFields(deps.config);
  for (const [path, gateway] of [
    ['v1/fortispayment/elements/intention', 'fortis'],
    ['v1/globalpayment/access-token', 'globalpay'],
  ] as const) {
    app.post(
      `${PAY}/${path}`,
      {
        ...opts,
        schema: {
          tags,
          security,
          summary:
            "Start the practice's hosted card field: Fortis Elements' client token, or a Global Payments access token that may only make a card token",
          body: cardFieldSessionInputSchema,
          response: { 200: paymentEnvelope(cardFieldSessionSchema), ...errors },
        },
      },
      async (request) => ok(await service.cardFieldSession(deps, gateway, request.body, fields[gateway])),
    );
  }

  app.post(
    `${PAY}/v1/stripepayment/capture-amount`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Capture the authorized payment of a booked appointment',
        body: captureInputSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.captureForCaller(deps, contextOf(request), request.body.TransactionId),
        PAYMENT_MESSAGES.captured,
      ),
  );

  app.post(
    `${PAY}/v1/stripepayment/refund-amount`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Refund a captured payment (provider-specific body)',
        body: gatewayRefundSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.refundTransaction(deps, contextOf(request), request.body.Value),
        PAYMENT_MESSAGES.refunded,
      ),
  );

  app.post(
    `${PAY}/v1/payment-processor/refund-amount`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Refund a captured payment',
        body: refundRequestSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.refundTransaction(
          deps,
          contextOf(request),
          request.body.TransactionId,
          request.body.Amount,
        ),
        PAYMENT_MESSAGES.refunded,
      ),
  );

  // The wallet (PayPal, decision 0024): an order for the visit fee, the payer's approval, the authorization.
  app.post(
    `${PAY}/v1/paypalpayment/orders`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Open a PayPal order (intent AUTHORIZE) for the visit fee; the payer approves it next',
        querystring: paymentIntentQuerySchema,
        body: walletOrderInputSchema,
        response: { 200: paymentEnvelope(walletOrderSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.createWalletOrder(deps, contextOf(request), request.body, request.query.amount),
        PAYMENT_MESSAGES.walletOrderCreated,
      ),
  );

  app.post(
    `${PAY}/v1/paypalpayment/sandbox/orders/:id/approval`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary:
          "The built-in wallet's approval step: approve or decline the order (404 when PayPal is configured)",
        params: transactionIdParamsSchema,
        body: walletApprovalSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(await service.answerWalletOrder(deps, contextOf(request), request.params.id, request.body.Approve)),
  );

  app.post(
    `${PAY}/v1/paypalpayment/orders/:id/authorize`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'Authorize the approved PayPal order (captured once the booking commits)',
        params: transactionIdParamsSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.authorizeWalletOrder(deps, contextOf(request), request.params.id),
        PAYMENT_MESSAGES.authorized,
      ),
  );

  app.get(
    `${PAY}/paymenttransaction/:id`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: 'One payment transaction',
        params: transactionIdParamsSchema,
        response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors },
      },
    },
    async (request) => ok(await service.getTransaction(deps, contextOf(request), request.params.id)),
  );

  app.post(
    `${PAY}/v1/web/patientbalance`,
    {
      ...opts,
      schema: {
        tags,
        security,
        summary: "The patient's paid and held visit fees",
        body: patientBalanceQuerySchema,
        response: { 200: paymentEnvelope(patientBalanceSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        await service.patientBalance(
          deps,
          contextOf(request),
          request.body.PatientId,
          request.body.OrganizationId ?? null,
        ),
      ),
  );
};
