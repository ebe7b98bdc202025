// Plain constants, no zod: the app shell imports them (docs/performance.md, patient pages' initial JavaScript).

/** The paths of the account calls (spec §7); the gateway is the server's own origin. */
export const ACCOUNT_PATHS = {
  login: '/api/account/login',
  logout: '/api/account/logout',
  isAlreadyLoggedIn: '/api/account/is-already-loggedin',
  guest: '/api/account/login/guest',
  exchangeToken: '/api/account/exchange-token',
  sendResetEmail: '/careslot-administration/api/v1/account/password/reset/send-email',
  resetPassword: '/careslot-administration/api/v1/account/reset-password',
  signup: '/careslot-administration/api/v1/web/account/signup',
  identityUser: '/careslot-administration/api/v1/account/identity-user',
  refreshToken: '/careslot-administration/api/v1/account/refresh-token',
  unsignedAgreements: '/careslot-administration/api/v1/web/user-agreement-aggregator/unsigned-agreement',
  userAgreement: '/careslot-administration/api/v1/web/user-agreement',
  invitation: '/careslot-administration/api/v2/Invitation',
  signedLink: '/careslot-administration/api/v1/signed-link/create',
  identityToken: '/careslot-identity/api/openid-connect/token',
  /** Single sign-on step 5 (§4.8): the practitioner gets the identity-provider identifier it lacks. */
  practitionerUpdate: '/careslot-administration/api/v1/account/practitioner/update',
  /** Owned by the notifications module (booking branch); the sign-up callback calls it. */
  patientSettings: '/careslot-notification/api/v1/notification/PatientSettings',
} as const;
