import type { ReactNode } from 'react';
import type { FeatureCode } from '@careslot/contracts';
import { useHeaderState } from '../../shared/navigation/headerState';
import { NotFoundPage } from './NotFoundPage';

/**
 * A practice screen behind one of the practice's access-control features (decision 0059; issue 30, item 16):
 * once the features the user's roles may use are known and this one is not among them, the address shows the
 * 404 page instead of the screen, as the menu no longer offers it (the server refuses its calls with 403).
 * Until they are known the screen renders; its calls are refused by the server when the feature is off.
 */
export function RequireFeature({ feature, children }: { feature: FeatureCode; children: ReactNode }) {
  const { features } = useHeaderState();
  if (features && !features.has(feature)) return <NotFoundPage />;
  return <>{children}</>;
}
