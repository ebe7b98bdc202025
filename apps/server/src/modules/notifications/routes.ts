import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  OTP_MESSAGES,
  otpGenerateSchema,
  otpIdParamsSchema,
  otpResendSchema,
  otpResponseSchema,
  otpValidForQuerySchema,
  otpVerifyQuerySchema,
  patientSettingsInputSchema,
  patientSettingsResponseSchema,
} from '@careslot/contracts';
import { requireUser } from '../../platform/auth';
import { contextOf } from '../../platform/context';
import * as service from './service';

const V1 = '/careslot-notification/api/v1';
const tags = ['notification'];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Phone verification codes and patient notification settings (patient-booking.md §7 Notification). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const security = [{ bearer: [] }];

  app.post(
    `${V1}/otp-request/generate`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Send a 6-digit code by SMS to verify a phone',
        querystring: otpValidForQuerySchema,
        body: otpGenerateSchema,
        response: { 200: otpResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: OTP_MESSAGES.sent,
      data: await service.generateOtp(deps, contextOf(request), request.body, request.query.validFor),
    }),
  );

  app.post(
    `${V1}/otp-request/resend`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Send a new code for the same request',
        querystring: otpValidForQuerySchema,
        body: otpResendSchema,
        response: { 200: otpResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: OTP_MESSAGES.sent,
      data: await service.resendOtp(deps, contextOf(request), request.body.Id, request.query.validFor),
    }),
  );

  app.post(
    `${V1}/otp-request/:id/verify`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Check a code against its request',
        params: otpIdParamsSchema,
        querystring: otpVerifyQuerySchema,
        response: { 200: otpResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: OTP_MESSAGES.verified,
      data: await service.verifyOtp(deps, contextOf(request), request.params.id, request.query.otp),
    }),
  );

  const settingsParams = z.object({ id: z.string().uuid() });
  app.get(
    `${V1}/notification/PatientSettings/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A patient's notification settings, by the record's id or the patient's",
        params: settingsParams,
        response: { 200: patientSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: 'success',
      data: await service.getPatientSettings(deps, contextOf(request), request.params.id),
    }),
  );

  app.put(
    `${V1}/notification/PatientSettings/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Change a patient's saved time zone, SMS alert choice and message language",
        params: settingsParams,
        body: patientSettingsInputSchema.partial({ PatientId: true }),
        response: { 200: patientSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: OTP_MESSAGES.settingsSaved,
      data: await service.updatePatientSettings(deps, contextOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    `${V1}/notification/PatientSettings`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Save a patient's time zone and SMS alert choice",
        body: patientSettingsInputSchema,
        response: { 200: patientSettingsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status_code: 200,
      message: OTP_MESSAGES.settingsSaved,
      data: await service.savePatientSettings(deps, contextOf(request), request.body),
    }),
  );
};
