import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BILLING_MESSAGES,
  copayLinkSchema,
  copayPaySchema,
  copayRequestInputSchema,
  copayRequestSchema,
  copayTokenQuerySchema,
  errorEnvelopeSchema,
  invoiceAggregateQuerySchema,
  invoiceAggregateSchema,
  invoiceCreateSchema,
  invoiceIdQuerySchema,
  invoicePageSchema,
  invoiceReferenceQuerySchema,
  invoiceSchema,
  invoiceSearchSchema,
  invoiceUpdateSchema,
  paymentEnvelope,
  paymentRefundSchema,
  paymentTransactionSchema,
  practiceRefundSchema,
} from '@careslot/contracts';
import { z } from 'zod';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as copay from './copay';
import * as invoices from './invoices';
import * as refunds from './refunds';
import { BEARER, ok } from '../../platform/route-schemas';

const PAY = '/careslot-payment-service/api';
const tags = ['billing'];
const security = BEARER;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const idParams = z.object({ id: z.string().uuid() });
const patientParams = z.object({ patientId: z.string().uuid() });

/**
 * The invoice, balance, refund and copay calls of practice-portal.md §7 Payments (decision 0098). Access is the
 * policy's: an invoice is the practice's object and the patient's own (authorize, kind 'invoice'); a refund and a
 * copay request are the practice's (authorizePractice).
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const opts = { preHandler: requireUser };
  const schema = <T extends object>(summary: string, rest: T) => ({ tags, security, summary, ...rest });

  app.post(
    `${PAY}/v1/invoices`,
    {
      ...opts,
      schema: schema('Create an invoice of charges for a patient', {
        body: invoiceCreateSchema,
        response: { 200: paymentEnvelope(invoiceSchema), ...errors },
      }),
    },
    async (request) =>
      ok(
        await invoices.createInvoice(deps, contextOf(request), request.body),
        BILLING_MESSAGES.invoiceCreated,
      ),
  );

  app.post(
    `${PAY}/v1/invoices/advance-search`,
    {
      ...opts,
      schema: schema("The practice's invoices, paged and filtered", {
        body: invoiceSearchSchema,
        response: { 200: paymentEnvelope(invoicePageSchema), ...errors },
      }),
    },
    async (request) => ok(await invoices.searchInvoices(deps, contextOf(request), request.body)),
  );

  app.get(
    `${PAY}/v1/invoices/reference-entity`,
    {
      ...opts,
      schema: schema("A visit's invoice", {
        querystring: invoiceReferenceQuerySchema,
        response: { 200: paymentEnvelope(invoiceSchema), ...errors },
      }),
    },
    async (request) => ok(await invoices.invoiceOfReference(deps, contextOf(request), request.query.id)),
  );

  app.get(
    `${PAY}/v1/invoices/:id`,
    {
      ...opts,
      schema: schema('One invoice with its ledger and refunds', {
        params: idParams,
        response: { 200: paymentEnvelope(invoiceSchema), ...errors },
      }),
    },
    async (request) => ok(await invoices.getInvoice(deps, contextOf(request), request.params.id)),
  );

  app.put(
    `${PAY}/v1/invoices/:id`,
    {
      ...opts,
      schema: schema('Add charges to an invoice, or void it', {
        params: idParams,
        body: invoiceUpdateSchema,
        response: { 200: paymentEnvelope(invoiceSchema), ...errors },
      }),
    },
    async (request) =>
      ok(await invoices.updateInvoice(deps, contextOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${PAY}/v1/invoices/:id`,
    {
      ...opts,
      schema: schema('Void an invoice nothing was paid on', {
        params: idParams,
        response: { 200: paymentEnvelope(invoiceSchema), ...errors },
      }),
    },
    async (request) =>
      ok(await invoices.updateInvoice(deps, contextOf(request), request.params.id, { Void: true })),
  );

  app.get(
    `${PAY}/v1/invoiceaggregator/:patientId`,
    {
      ...opts,
      schema: schema("The patient's invoices and balance", {
        params: patientParams,
        querystring: invoiceAggregateQuerySchema,
        response: { 200: paymentEnvelope(invoiceAggregateSchema), ...errors },
      }),
    },
    async (request) =>
      ok(
        await invoices.invoiceAggregate(
          deps,
          contextOf(request),
          request.params.patientId,
          request.query.organizationId ?? null,
        ),
      ),
  );

  app.get(
    `${PAY}/paymenttransactions/invoice`,
    {
      ...opts,
      schema: schema('The payments posted to an invoice', {
        querystring: invoiceIdQuerySchema,
        response: { 200: paymentEnvelope(z.array(paymentTransactionSchema)), ...errors },
      }),
    },
    async (request) =>
      ok(await invoices.transactionsOfInvoice(deps, contextOf(request), request.query.invoiceId)),
  );

  app.post(
    `${PAY}/v1/payment-processor/refunds`,
    {
      ...opts,
      schema: schema(
        'The practice refunds a captured payment, fully or partly, with a reason, through the gateway that took it; the same IdempotencyKey refunds once',
        { body: practiceRefundSchema, response: { 200: paymentEnvelope(paymentRefundSchema), ...errors } },
      ),
    },
    async (request) =>
      ok(await refunds.practiceRefund(deps, contextOf(request), request.body), BILLING_MESSAGES.refunded),
  );

  app.get(
    `${PAY}/v1/payment-processor/refunds`,
    {
      ...opts,
      schema: schema('The refunds of a payment', {
        querystring: z.object({ transactionId: z.string().uuid() }),
        response: { 200: paymentEnvelope(z.array(paymentRefundSchema)), ...errors },
      }),
    },
    async (request) =>
      ok(await refunds.refundsOfTransaction(deps, contextOf(request), request.query.transactionId)),
  );

  app.post(
    `${PAY}/v1/web/appointment-copay/request`,
    {
      ...opts,
      schema: schema("Request the visit's copay by e-mail or SMS, with a payment link", {
        body: copayRequestInputSchema,
        response: { 200: paymentEnvelope(copayRequestSchema), ...errors },
      }),
    },
    async (request) =>
      ok(await copay.requestCopay(deps, contextOf(request), request.body), BILLING_MESSAGES.copayRequested),
  );

  // The payment link: its token is the credential (no sign-in), and it shows no patient data.
  app.get(
    `${PAY}/v1/web/appointment-copay`,
    {
      schema: {
        tags,
        summary: 'What a copay link asks for',
        querystring: copayTokenQuerySchema,
        response: { 200: paymentEnvelope(copayLinkSchema), ...errors },
      },
    },
    async (request) => ok(await copay.copayOfLink(deps, request.query.token)),
  );

  app.post(
    `${PAY}/v1/web/appointment-copay/pay`,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Pay a copay from its link with a card',
        body: copayPaySchema,
        response: { 200: paymentEnvelope(copayLinkSchema), ...errors },
      },
    },
    async (request) =>
      ok(await copay.payCopay(deps, contextOf(request), request.body), BILLING_MESSAGES.copayPaid),
  );
};
