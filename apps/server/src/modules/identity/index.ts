/** The identity module's public face: the realm (OIDC provider), accounts and the account calls. */
export { patientAccountState } from './accounts';
export { insertAccounts, findAccountByEmail, type Account, type NewAccount } from './store';
export { identityRoutes, PRODUCT_TOKEN_TTL } from './routes';
export { REALM_PATH } from './oidc';
export { signLink, signedLinkKey, verifyLink } from './signed-links';
