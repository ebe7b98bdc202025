import type { TFunction } from 'i18next';
import { HTTP_STATUS_MESSAGES, messageForStatus } from '@careslot/contracts';
import { ApiError } from './client';

/**
 * The text to show for a failed call. The catalogue messages for HTTP statuses (patient-booking.md §8) are
 * shown in the user's language; a message the server wrote for this case is shown as the server wrote it.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.message !== messageForStatus(error.status)) return error.message;
  const status = error instanceof ApiError ? error.status : 0;
  const key = status in HTTP_STATUS_MESSAGES ? String(status) : 'other';
  return t(`errors.status.${key}`, { ns: 'common' });
}
