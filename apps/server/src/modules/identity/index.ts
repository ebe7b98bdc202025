/** The identity module's public face: the realm (OIDC provider), accounts and the account calls. */
export { insertAccounts, findAccountByEmail, hashPassword, type Account, type NewAccount } from './accounts';
export { identityRoutes, PRODUCT_TOKEN_TTL } from './routes';
export { REALM_PATH } from './oidc';
