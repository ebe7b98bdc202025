import type { ModuleRegistration } from '../../platform/modules';
import { identityRoutes } from './routes';
import { subscribeStaffActivation } from './staff-activation';
/** The identity module's public face: the realm (OIDC provider), accounts and the account calls. */
export { emailHasAccount, patientAccountState } from './accounts';
export type { Account, NewAccount } from './store';
export { PRODUCT_TOKEN_TTL } from './routes';
export { REALM_PATH } from './oidc';
export { sealStoredSecrets } from './mfa';
export { signLink, signedLinkKey, verifyLink } from './signed-links';
export { practiceAccounts, type PracticeAccount } from './practice-accounts';

/** Wires the module: the realm and account routes, and the consumer that activates invited practice users. */
export const register: ModuleRegistration = async (app, deps) => {
  // Invited practice users' accounts and activation e-mails (practice.access-changed).
  subscribeStaffActivation(deps, app.log);
  await app.register(identityRoutes);
};
