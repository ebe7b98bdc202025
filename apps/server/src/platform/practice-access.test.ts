import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Role } from '@careslot/contracts';
import { openTestDatabase } from '../testing/template';
import { authorizePractice, type PracticeObject } from './access';
import type { Principal } from './auth';
import { contextFor, onConnection, type RequestContext } from './context';
import type { Database } from './db';
import { type AppError } from './errors';

/** The one rule for practice-owned objects (decision 0076), decided and audited by authorizePractice. */
describe('authorizePractice', () => {
  let database: Database;
  const PRACTICE = randomUUID();
  const OTHER = randomUUID();
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
  });
  afterAll(async () => {
    await database.close();
  });

  const noRelations = { patientsOf: async () => [], isCaring: async () => false } as never;
  function caller(roles: Role[], organizationId: string | null): RequestContext {
    const subject = randomUUID();
    const principal: Principal = {
      subject,
      userId: randomUUID(),
      roles,
      userType: roles.includes('superuser') ? 'SuperUser' : 'Practitioner',
      email: `${subject}@example.com`,
      organizationId,
      isGuest: false,
      isServiceAccount: false,
      claims: { sub: subject, email: `${subject}@example.com`, user_roles: roles },
    };
    return contextFor(principal, {}, { database, relations: noRelations });
  }
  const settings = (organizationId: string | null, extra: Partial<PracticeObject> = {}): PracticeObject => ({
    organizationId,
    entityType: 'TestSettings',
    id: randomUUID(),
    workflow: 'Test_Settings_Edit_Web',
    ...extra,
  });
  async function answer(
    context: RequestContext,
    object: PracticeObject,
    roles?: readonly Role[],
  ): Promise<number> {
    try {
      await authorizePractice(context, 'update', object, roles);
      return 200;
    } catch (error) {
      return (error as AppError).status;
    }
  }
  async function auditOf(object: PracticeObject) {
    return database.query<{ outcome: string; workflow: string; detail: { reason?: string } | null }>(
      'select outcome, workflow, detail from audit_events where entity_id = $1',
      [object.id],
    );
  }

  it("lets the practice's users with the role act, and refuses one without it with 403 (audited as denied)", async () => {
    const allowed = settings(PRACTICE);
    expect(await answer(caller(['practiceadmin'], PRACTICE), allowed, ['practiceadmin'])).toBe(200);
    expect(await auditOf(allowed)).toEqual([
      expect.objectContaining({ outcome: 'success', workflow: 'Test_Settings_Edit_Web' }),
    ]);

    const refused = settings(PRACTICE);
    expect(await answer(caller(['staff'], PRACTICE), refused, ['practiceadmin'])).toBe(403);
    expect((await auditOf(refused)).map((row) => [row.outcome, row.detail?.reason])).toEqual([
      ['denied', 'not_permitted'],
    ]);
    // Without roles named, any user of the practice may.
    expect(await answer(caller(['staff'], PRACTICE), settings(PRACTICE))).toBe(200);
  });

  it("answers 404 for another practice's object and for one passed with no owner, audited as denied and not_found", async () => {
    const foreign = settings(OTHER);
    expect(await answer(caller(['practiceadmin'], PRACTICE), foreign, ['practiceadmin'])).toBe(404);
    expect((await auditOf(foreign)).map((row) => [row.outcome, row.detail?.reason])).toEqual([
      ['denied', 'other_practice'],
    ]);

    const unknown = settings(null);
    expect(await answer(caller(['practiceadmin'], PRACTICE), unknown, ['practiceadmin'])).toBe(404);
    expect(await answer(caller(['superuser'], null), unknown, ['practiceadmin'])).toBe(404);
    expect((await auditOf(unknown)).map((row) => row.outcome)).toEqual(['not_found', 'not_found']);
  });

  it("lets a super user act on any practice's object and alone on the platform's own (403 for a practice admin)", async () => {
    expect(await answer(caller(['superuser'], null), settings(OTHER), ['practiceadmin'])).toBe(200);
    const library = settings(null, { platform: true });
    expect(await answer(caller(['superuser'], null), library, ['practiceadmin'])).toBe(200);
    expect(await answer(caller(['practiceadmin'], PRACTICE), library, ['practiceadmin'])).toBe(403);
    expect((await auditOf(library)).map((row) => row.outcome).sort()).toEqual(['denied', 'success']);
  });

  it('keeps the audit row of a refusal decided inside a transaction that rolls back', async () => {
    const object = settings(OTHER);
    const context = caller(['practiceadmin'], PRACTICE);
    const failure = await database
      .transaction(async (tx) => {
        await authorizePractice(onConnection(context, tx), 'update', object, ['practiceadmin']);
      })
      .catch((error: AppError) => error);
    expect((failure as AppError).status).toBe(404);
    // The refusal carries its row; app.ts writes it after the rollback (decision 0067).
    const deferred = (failure as AppError).deferredAudit;
    expect(deferred?.event).toMatchObject({ outcome: 'denied', entityId: object.id });
    expect(await auditOf(object)).toEqual([]);
  });
});
