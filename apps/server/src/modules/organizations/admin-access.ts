import { ROLE_SETS, type PracticeObject, type PracticeRule } from '../../platform/access';

/**
 * Who may set up a practice (decisions 0049 and 0080): its practice admins, and super users (who onboard
 * practices); support agents and the practice's users may read its settings. The platform's policy decides
 * (authorizePractice) and writes the refusal's audit row; the change's own row is written in its transaction
 * (recordPracticeOutcome), so it exists exactly when the change does.
 */
export const SET_UP: PracticeRule = { roles: ROLE_SETS.ADMINS, audit: 'refusals' };

/** Reading a practice's settings: any of its users, support and super users; the read is audited. */
export const SETTINGS_READERS: PracticeRule = { supportReads: true };

/** An administration object: the audit trail's entity type (Organization, Location, ...), id, owner, workflow. */
export type AdminObject = PracticeObject & { workflow: string };
