/** The notifications module's public face: phone verification codes and patient notification settings. */
export { toE164 } from './service';
export { notificationRoutes } from './routes';
