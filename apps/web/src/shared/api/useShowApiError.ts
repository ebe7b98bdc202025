import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { errorMessage } from './errorMessage';

/** Shows a failed call's message as an error toast, under the toast rules of patient-booking.md §8. */
export function useShowApiError(): (error: unknown) => void {
  const { t } = useTranslation('common');
  return useCallback((error: unknown) => void toast.error(errorMessage(error, t)), [t]);
}
