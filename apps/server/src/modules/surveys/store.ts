import type { SurveyQuestion } from '@careslot/contracts';
import type { Connection } from '../../platform/db';

/** SQL of the surveys module's own tables (migrations/20261127T0900_surveys.sql). */

export interface SurveyRow {
  id: string;
  organization_id: string;
  template_id: string | null;
  name: string;
  instructions: string;
  active: boolean;
  questions: SurveyQuestion[];
  last_changed_at: Date;
}

export interface SurveyTemplateRow {
  id: string;
  organization_id: string | null;
  name: string;
  description: string;
  questions: SurveyQuestion[];
  last_changed_at: Date;
}

const SURVEY_COLUMNS =
  'id, organization_id, template_id, name, instructions, active, questions, last_changed_at';
const TEMPLATE_COLUMNS = 'id, organization_id, name, description, questions, last_changed_at';

export async function surveysOf(db: Connection, organizationId: string): Promise<SurveyRow[]> {
  return db.query<SurveyRow>(
    `select ${SURVEY_COLUMNS} from surveys where organization_id = $1 order by active desc, lower(name), id`,
    [organizationId],
  );
}

export async function surveyById(db: Connection, id: string): Promise<SurveyRow | null> {
  const [row] = await db.query<SurveyRow>(`select ${SURVEY_COLUMNS} from surveys where id = $1`, [id]);
  return row ?? null;
}

/** Only one survey of a practice is active: turning one on turns the others off (same transaction). */
export async function deactivateOthers(
  tx: Connection,
  organizationId: string,
  keepId: string,
): Promise<void> {
  await tx.query('update surveys set active = false where organization_id = $1 and id <> $2 and active', [
    organizationId,
    keepId,
  ]);
}

export interface SurveyWrite {
  id: string;
  organizationId: string;
  templateId: string | null;
  name: string;
  instructions: string;
  active: boolean;
  questions: SurveyQuestion[];
  changedBy: string | null;
  at: Date;
}

export async function insertSurvey(tx: Connection, survey: SurveyWrite): Promise<SurveyRow> {
  const [row] = await tx.query<SurveyRow>(
    `insert into surveys (id, organization_id, template_id, name, instructions, active, questions, created_at, last_changed_at, last_changed_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $8, $9) returning ${SURVEY_COLUMNS}`,
    [
      survey.id,
      survey.organizationId,
      survey.templateId,
      survey.name,
      survey.instructions,
      survey.active,
      JSON.stringify(survey.questions),
      survey.at,
      survey.changedBy,
    ],
  );
  return row!;
}

export async function updateSurvey(tx: Connection, survey: SurveyWrite): Promise<SurveyRow | null> {
  const [row] = await tx.query<SurveyRow>(
    `update surveys set template_id = $3, name = $4, instructions = $5, active = $6, questions = $7::jsonb, last_changed_at = $8, last_changed_by = $9
      where id = $1 and organization_id = $2 returning ${SURVEY_COLUMNS}`,
    [
      survey.id,
      survey.organizationId,
      survey.templateId,
      survey.name,
      survey.instructions,
      survey.active,
      JSON.stringify(survey.questions),
      survey.at,
      survey.changedBy,
    ],
  );
  return row ?? null;
}

/** The library's templates and the practice's own, library first. */
export async function templatesFor(db: Connection, organizationId: string): Promise<SurveyTemplateRow[]> {
  return db.query<SurveyTemplateRow>(
    `select ${TEMPLATE_COLUMNS} from survey_templates where organization_id is null or organization_id = $1
      order by organization_id nulls first, lower(name), id`,
    [organizationId],
  );
}

export async function templateById(db: Connection, id: string): Promise<SurveyTemplateRow | null> {
  const [row] = await db.query<SurveyTemplateRow>(
    `select ${TEMPLATE_COLUMNS} from survey_templates where id = $1`,
    [id],
  );
  return row ?? null;
}

export interface TemplateWrite {
  id: string;
  organizationId: string | null;
  name: string;
  description: string;
  questions: SurveyQuestion[];
  changedBy: string | null;
  at: Date;
}

export async function insertTemplate(tx: Connection, template: TemplateWrite): Promise<SurveyTemplateRow> {
  const [row] = await tx.query<SurveyTemplateRow>(
    `insert into survey_templates (id, organization_id, name, description, questions, created_at, last_changed_at, last_changed_by)
     values ($1, $2, $3, $4, $5::jsonb, $6, $6, $7) returning ${TEMPLATE_COLUMNS}`,
    [
      template.id,
      template.organizationId,
      template.name,
      template.description,
      JSON.stringify(template.questions),
      template.at,
      template.changedBy,
    ],
  );
  return row!;
}

export async function updateTemplate(
  tx: Connection,
  template: TemplateWrite,
): Promise<SurveyTemplateRow | null> {
  const [row] = await tx.query<SurveyTemplateRow>(
    `update survey_templates set name = $3, description = $4, questions = $5::jsonb, last_changed_at = $6, last_changed_by = $7
      where id = $1 and organization_id is not distinct from $2 returning ${TEMPLATE_COLUMNS}`,
    [
      template.id,
      template.organizationId,
      template.name,
      template.description,
      JSON.stringify(template.questions),
      template.at,
      template.changedBy,
    ],
  );
  return row ?? null;
}

/** The practice's survey patients are asked after a visit (at most one is active). */
export async function activeSurveyOf(db: Connection, organizationId: string): Promise<SurveyRow | null> {
  const [row] = await db.query<SurveyRow>(
    `select ${SURVEY_COLUMNS} from surveys where organization_id = $1 and active`,
    [organizationId],
  );
  return row ?? null;
}

export async function responseExists(db: Connection, appointmentId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('select id from survey_responses where appointment_id = $1', [
    appointmentId,
  ]);
  return rows.length > 0;
}

/** One response per visit: false when the visit's survey was already answered. */
export async function insertResponse(
  tx: Connection,
  row: {
    id: string;
    appointmentId: string;
    surveyId: string;
    organizationId: string;
    answers: unknown;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await tx.query<{ id: string }>(
    `insert into survey_responses (id, appointment_id, survey_id, organization_id, answers, submitted_at) values ($1, $2, $3, $4, $5, $6)
     on conflict (appointment_id) do nothing returning id`,
    [row.id, row.appointmentId, row.surveyId, row.organizationId, JSON.stringify(row.answers), row.at],
  );
  return inserted.length > 0;
}

export interface SurveyResponseRow {
  appointment_id: string;
  answers: { QuestionId: string; Value: number | boolean | string }[];
  submitted_at: Date;
}

/** A survey's responses submitted in [from, to), newest first (the results screen; at most `limit`). */
export async function responsesOf(
  db: Connection,
  surveyId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<SurveyResponseRow[]> {
  return db.query<SurveyResponseRow>(
    `select appointment_id, answers, submitted_at from survey_responses
      where survey_id = $1 and submitted_at >= $2 and submitted_at < $3
      order by submitted_at desc, id limit $4`,
    [surveyId, from, to, limit],
  );
}
