import { apiRequest } from '../api/client';
import { getHeaderState, setHeaderState } from './headerState';

/**
 * How many patients wait in a provider's walk-in queue right now (practice-portal.md §2.7, §4.3): read fresh
 * before a provider logs out, and kept in the header state. When the call fails, the last count the
 * dashboard wrote stands.
 */
export async function refreshWalkInCount(providerId: string): Promise<number> {
  try {
    const { Count } = await apiRequest<{ Count?: unknown }>(
      `/careslot-appointment-service/api/v2/Appointments/providers/${providerId}/walk-in-queue/count`,
    );
    if (typeof Count !== 'number') return getHeaderState().patientsInProviderQueue;
    setHeaderState({ patientsInProviderQueue: Count });
    return Count;
  } catch {
    return getHeaderState().patientsInProviderQueue;
  }
}
