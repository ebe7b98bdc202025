import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamSchema,
  supportPatientOverviewSchema,
  type SupportPatientOverview,
} from '@careslot/contracts';
import { authorize, notFoundAudited } from '../../platform/access';
import { requireRoles } from '../../platform/auth';
import { appointmentsOfAuthorizedPatient } from '../appointments';
import { getPatientById } from '../directory';
import { patientAccountState } from '../identity';

/** The audit trail's workflow of a support look-up (constants.md style). */
export const SUPPORT_WORKFLOW = 'Support_Patient_View_Web';

/**
 * GET careslot-administration/api/v1/support/patients/{id}/overview: support agents and super users only, and
 * only with a stated purpose (X-Access-Purpose); the access policy audits every look-up with that purpose.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/careslot-administration/api/v1/support/patients/:id/overview',
    {
      preValidation: requireRoles('supportagent', 'superuser'),
      schema: {
        tags: ['support'],
        security: [{ bearer: [] }],
        summary:
          "A patient's appointments and account state (locked, verified, last sign-in), for support with a stated purpose",
        params: idParamSchema,
        response: {
          200: supportPatientOverviewSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request): Promise<SupportPatientOverview> => {
      const id = request.params.id;
      const patient = await getPatientById(deps.database, id);
      if (!patient)
        return notFoundAudited(request.context, 'read', 'patient', id, {
          workflow: SUPPORT_WORKFLOW,
          entityType: 'PatientSupportOverview',
        });
      await authorize(request.context, 'read', {
        kind: 'patient',
        id,
        patientId: id,
        entityType: 'PatientSupportOverview',
        workflow: SUPPORT_WORKFLOW,
      });
      const [account, appointments] = await Promise.all([
        patientAccountState(deps.database, id, deps.clock.now()),
        appointmentsOfAuthorizedPatient(deps, id),
      ]);
      const verified = (system: string) => patient.Telecom.some((t) => t.System === system && t.IsVerified);
      return {
        PatientId: id,
        Account: {
          Exists: account.exists,
          Locked: account.locked,
          EmailVerified: verified('Email'),
          MobileVerified: verified('Mobile'),
          LastSignInAt: account.lastSignInAt,
        },
        Upcoming: appointments.upcoming,
        Past: appointments.past,
      };
    },
  );
};
