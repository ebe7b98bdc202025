import i18next from 'i18next';
import type { AppConfig } from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';
import { setLoginHandler, setLogoutHandler } from '../../shared/session/authActions';
import { bootstrapSession, redirectToLogin, signOut } from './identityClient';

let config: Promise<AppConfig> | null = null;
export const identityConfig = () => (config ??= apiRequest<AppConfig>('/api/app-config'));

/** Registers sign-in and sign-out for the header and pages, and restores or starts the session. */
export function installIdentity(): Promise<void> {
  setLoginHandler(async () => redirectToLogin(await identityConfig(), { language: i18next.language }));
  setLogoutHandler(async () => signOut(await identityConfig().catch(() => undefined)));
  return bootstrapSession();
}
