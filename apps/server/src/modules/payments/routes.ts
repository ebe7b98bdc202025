import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  captureInputSchema,
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
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';

const PAY = '/careslot-payment-service/api';
const tags = ['payments'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 503: errorEnvelopeSchema };
const ok = <T>(data: T, message = 'success') => ({ status_code: 200, message, data });


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
    { ...opts, schema: { tags, security, summary: "A practice's online payment setting and gateway", querystring: organizationConfigQuerySchema, response: { 200: paymentEnvelope(organizationPaymentConfigSchema), ...errors } } },
    async (request) => ok(await service.organizationConfig(deps, request.query.organizationId)),
  );

  for (const path of ['locations/get-by-location', 'locations']) {
    app.get(
      `${PAY}/${path}`,
      { ...opts, schema: { tags, security, summary: "A location's gateway", querystring: locationConfigQuerySchema, response: { 200: paymentEnvelope(locationPaymentConfigSchema), ...errors } } },
      async (request) => ok(await service.locationConfig(deps, request.query.organizationId, request.query.locationId)),
    );
  }

  app.get(
    `${PAY}/entityconfigurations/entity`,
    { ...opts, schema: { tags, security, summary: "A provider's or resource's visit fee", querystring: entityConfigQuerySchema, response: { 200: paymentEnvelope(entityPaymentConfigSchema), ...errors } } },
    async (request) => ok(await service.entityConfig(deps, request.query.organizationId, request.query.entityType, request.query.entityId)),
  );

  app.get(
    `${PAY}/v1/stripepayment/customers/payment-methods`,
    { ...opts, schema: { tags, security, summary: "The patient's saved cards", querystring: patientIdQuery, response: { 200: paymentMethodListSchema, ...errors } } },
    async (request) => ok({ data: await service.listPaymentMethods(deps, contextOf(request), request.query.patientId) }),
  );

  app.post(
    `${PAY}/v1/stripepayment/customers/payment-methods`,
    { ...opts, schema: { tags, security, summary: 'Save a card for the patient', body: paymentMethodInputSchema, response: { 200: paymentEnvelope(paymentMethodSchema), ...errors } } },
    async (request) => ok(await service.addPaymentMethod(deps, contextOf(request), request.body), PAYMENT_MESSAGES.methodSaved),
  );

  app.post(
    `${PAY}/v1/stripepayment/invoices/payment-intent`,
    { ...opts, schema: { tags, security, summary: 'Authorize the visit fee on a saved card (captured once the booking commits)', querystring: paymentIntentQuerySchema, body: paymentIntentInputSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.authorizeVisitFee(deps, contextOf(request), request.body, request.query.amount), PAYMENT_MESSAGES.authorized),
  );

  app.post(
    `${PAY}/v1/stripepayment/capture-amount`,
    { ...opts, schema: { tags, security, summary: 'Capture the authorized payment of a booked appointment', body: captureInputSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.captureForCaller(deps, contextOf(request), request.body.TransactionId), PAYMENT_MESSAGES.captured),
  );

  app.post(
    `${PAY}/v1/stripepayment/refund-amount`,
    { ...opts, schema: { tags, security, summary: 'Refund a captured payment (provider-specific body)', body: gatewayRefundSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.refundTransaction(deps, contextOf(request), request.body.Value), PAYMENT_MESSAGES.refunded),
  );

  app.post(
    `${PAY}/v1/payment-processor/refund-amount`,
    { ...opts, schema: { tags, security, summary: 'Refund a captured payment', body: refundRequestSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.refundTransaction(deps, contextOf(request), request.body.TransactionId, request.body.Amount), PAYMENT_MESSAGES.refunded),
  );

  // The wallet (PayPal, decision 0024): an order for the visit fee, the payer's approval, the authorization.
  app.post(
    `${PAY}/v1/paypalpayment/orders`,
    { ...opts, schema: { tags, security, summary: 'Open a PayPal order (intent AUTHORIZE) for the visit fee; the payer approves it next', querystring: paymentIntentQuerySchema, body: walletOrderInputSchema, response: { 200: paymentEnvelope(walletOrderSchema), ...errors } } },
    async (request) => ok(await service.createWalletOrder(deps, contextOf(request), request.body, request.query.amount), PAYMENT_MESSAGES.walletOrderCreated),
  );

  app.post(
    `${PAY}/v1/paypalpayment/sandbox/orders/:id/approval`,
    { ...opts, schema: { tags, security, summary: "The built-in wallet's approval step: approve or decline the order (404 when PayPal is configured)", params: transactionIdParamsSchema, body: walletApprovalSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.answerWalletOrder(deps, contextOf(request), request.params.id, request.body.Approve)),
  );

  app.post(
    `${PAY}/v1/paypalpayment/orders/:id/authorize`,
    { ...opts, schema: { tags, security, summary: 'Authorize the approved PayPal order (captured once the booking commits)', params: transactionIdParamsSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.authorizeWalletOrder(deps, contextOf(request), request.params.id), PAYMENT_MESSAGES.authorized),
  );

  app.get(
    `${PAY}/paymenttransaction/:id`,
    { ...opts, schema: { tags, security, summary: 'One payment transaction', params: transactionIdParamsSchema, response: { 200: paymentEnvelope(paymentTransactionSchema), ...errors } } },
    async (request) => ok(await service.getTransaction(deps, contextOf(request), request.params.id)),
  );

  app.post(
    `${PAY}/v1/web/patientbalance`,
    { ...opts, schema: { tags, security, summary: "The patient's paid and held visit fees", body: patientBalanceQuerySchema, response: { 200: paymentEnvelope(patientBalanceSchema), ...errors } } },
    async (request) => ok(await service.patientBalance(deps, contextOf(request), request.body.PatientId, request.body.OrganizationId ?? null)),
  );
};
