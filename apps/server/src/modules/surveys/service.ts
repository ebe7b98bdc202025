import { randomUUID } from 'node:crypto';
import type { Survey, SurveyTemplate } from '@careslot/contracts';
import { type surveyInputSchema, type surveyTemplateInputSchema } from '@careslot/contracts';
import type { z } from 'zod';
import { authorizePractice, callersPractice, ROLE_SETS } from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import * as store from './store';

/** Who reads a practice's surveys (every user of the practice) and who changes them (its admins). */
const READERS = ROLE_SETS.PRACTICE_USERS;
const WRITERS = ROLE_SETS.ADMINS;

export interface SurveyDeps {
  database: Database;
  clock: Clock;
}

type ValidSurvey = z.output<typeof surveyInputSchema>;
type ValidTemplate = z.output<typeof surveyTemplateInputSchema>;

function toSurvey(row: store.SurveyRow): Survey {
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    Name: row.name,
    Instructions: row.instructions,
    Active: row.active,
    TemplateId: row.template_id,
    Questions: row.questions,
    LastChangedOn: row.last_changed_at.toISOString(),
  };
}

function toTemplate(row: store.SurveyTemplateRow): SurveyTemplate {
  return {
    Id: row.id,
    OrganizationId: row.organization_id,
    Name: row.name,
    Description: row.description,
    Questions: row.questions,
    LastChangedOn: row.last_changed_at.toISOString(),
  };
}

const changedBy = (context: RequestContext) => context.userId ?? context.subject;

/** POST adds (no Id in the body), PUT changes (the Id says what). */
function idMatchesMode(id: string | undefined, mode: 'add' | 'update', noun: string): void {
  if (mode === 'add' && id)
    throw new AppError('bad_request', {
      issues: [
        { field: 'body.Id', rule: 'absent', message: `A new ${noun} has no Id; use PUT to change one` },
      ],
    });
  if (mode === 'update' && !id)
    throw new AppError('bad_request', {
      issues: [{ field: 'body.Id', rule: 'required', message: `PUT changes a ${noun}: give its Id` }],
    });
}

/** POST survey/organization/{id}: the practice's surveys, the active one first. */
export async function listSurveys(deps: SurveyDeps, context: RequestContext, organizationId: string) {
  await authorizePractice(
    context,
    'search',
    { organizationId, entityType: 'Survey', id: null, workflow: 'Survey_View_Web' },
    READERS,
  );
  const rows = await store.surveysOf(deps.database, organizationId);
  return { Data: rows.map(toSurvey), Total: rows.length };
}

/** GET survey/{id}: 404 for an unknown id and for another practice's survey alike. */
export async function getSurvey(deps: SurveyDeps, context: RequestContext, id: string): Promise<Survey> {
  const row = await store.surveyById(deps.database, id);
  if (!row) throw notFound();
  await authorizePractice(
    context,
    'read',
    { organizationId: row.organization_id, entityType: 'Survey', id, workflow: 'Survey_View_Web' },
    READERS,
  );
  return toSurvey(row);
}

/** POST survey (no Id) adds, PUT survey (with Id) changes; turning a survey on turns the practice's other one off. */
export async function saveSurvey(
  deps: SurveyDeps,
  context: RequestContext,
  input: ValidSurvey,
  mode: 'add' | 'update',
): Promise<Survey> {
  idMatchesMode(input.Id, mode, 'survey');
  const at = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const scoped = onConnection(context, tx);
    if (input.Id) {
      // The survey's own practice decides, not the one the body names: moving a survey is not a thing.
      const existing = await store.surveyById(tx, input.Id);
      if (!existing || existing.organization_id !== input.OrganizationId) {
        await authorizePractice(
          scoped,
          'update',
          {
            organizationId: existing?.organization_id ?? input.OrganizationId,
            entityType: 'Survey',
            id: input.Id,
            workflow: 'Survey_Edit_Web',
          },
          WRITERS,
        );
        throw notFound();
      }
    }
    const workflow = input.Id ? 'Survey_Edit_Web' : 'Survey_Add_Web';
    const id = input.Id ?? randomUUID();
    await authorizePractice(
      scoped,
      input.Id ? 'update' : 'create',
      { organizationId: input.OrganizationId, entityType: 'Survey', id, workflow },
      WRITERS,
    );
    if (input.TemplateId) await requireUsableTemplate(tx, input.TemplateId, input.OrganizationId);
    const write: store.SurveyWrite = {
      id,
      organizationId: input.OrganizationId,
      templateId: input.TemplateId,
      name: input.Name.trim(),
      instructions: input.Instructions.trim(),
      active: input.Active,
      questions: input.Questions,
      changedBy: changedBy(context),
      at,
    };
    if (write.active) await store.deactivateOthers(tx, write.organizationId, id);
    const row = input.Id ? await store.updateSurvey(tx, write) : await store.insertSurvey(tx, write);
    if (!row) throw notFound();
    return toSurvey(row);
  });
}

async function requireUsableTemplate(
  tx: Parameters<typeof store.templateById>[0],
  templateId: string,
  organizationId: string,
) {
  const template = await store.templateById(tx, templateId);
  if (!template || (template.organization_id !== null && template.organization_id !== organizationId))
    throw new AppError('bad_request', {
      issues: [{ field: 'body.TemplateId', rule: 'exists', message: 'No such template for this practice' }],
    });
}

/** POST surveyTemplate/organization/{id}: the library's templates and the practice's own. */
export async function listTemplates(deps: SurveyDeps, context: RequestContext, organizationId: string) {
  await authorizePractice(
    context,
    'search',
    { organizationId, entityType: 'SurveyTemplate', id: null, workflow: 'Survey_View_Web' },
    READERS,
  );
  const rows = await store.templatesFor(deps.database, organizationId);
  return { Data: rows.map(toTemplate), Total: rows.length };
}

/** GET surveyTemplate/{id}: a library template to any practice user; a practice's own to that practice. */
export async function getTemplate(
  deps: SurveyDeps,
  context: RequestContext,
  id: string,
): Promise<SurveyTemplate> {
  const row = await store.templateById(deps.database, id);
  if (!row) throw notFound();
  const organizationId = row.organization_id ?? callersPractice(context);
  await authorizePractice(
    context,
    'read',
    { organizationId, entityType: 'SurveyTemplate', id, workflow: 'Survey_View_Web' },
    READERS,
  );
  return toTemplate(row);
}

/** POST/PUT surveyTemplate: a practice's admins keep their own templates; the library is the super users'. */
export async function saveTemplate(
  deps: SurveyDeps,
  context: RequestContext,
  input: ValidTemplate,
  mode: 'add' | 'update',
): Promise<SurveyTemplate> {
  idMatchesMode(input.Id, mode, 'template');
  const at = deps.clock.now();
  return deps.database.transaction(async (tx) => {
    const scoped = onConnection(context, tx);
    const id = input.Id ?? randomUUID();
    const workflow = input.Id ? 'Survey_Template_Edit_Web' : 'Survey_Template_Add_Web';
    if (input.Id) {
      const existing = await store.templateById(tx, input.Id);
      if (!existing || existing.organization_id !== input.OrganizationId) {
        const owner = existing?.organization_id ?? input.OrganizationId;
        await authorizePractice(
          scoped,
          'update',
          { organizationId: owner, platform: owner === null, entityType: 'SurveyTemplate', id, workflow },
          WRITERS,
        );
        throw notFound();
      }
    }
    await authorizePractice(
      scoped,
      input.Id ? 'update' : 'create',
      {
        organizationId: input.OrganizationId,
        platform: input.OrganizationId === null,
        entityType: 'SurveyTemplate',
        id,
        workflow,
      },
      WRITERS,
    );
    const write: store.TemplateWrite = {
      id,
      organizationId: input.OrganizationId,
      name: input.Name.trim(),
      description: input.Description.trim(),
      questions: input.Questions,
      changedBy: changedBy(context),
      at,
    };
    const row = input.Id ? await store.updateTemplate(tx, write) : await store.insertTemplate(tx, write);
    if (!row) throw notFound();
    return toTemplate(row);
  });
}
