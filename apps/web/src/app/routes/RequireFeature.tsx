import type { ReactNode } from 'react';
import type { FeatureCode } from '@careslot/contracts';
import { FEATURE_RULE_ROLES } from '@careslot/domain';
import { useHeaderState } from '../../shared/navigation/headerState';
import { useSession } from '../../shared/session/session';
import { NotFoundPage } from './NotFoundPage';

/**
 * A practice screen behind one of the practice's access-control features (decision 0059; issue 30, item 16):
 * once the features the user's roles may use are known and this one is not among them, the address shows the
 * 404 page instead of the screen, as the menu no longer offers it (the server refuses its calls with 403).
 * Until they are known the screen renders; its calls are refused by the server when the feature is off. As on the
 * server (`requireRouteFeature`), a feature governs only the roles its rule names: staff read the practice's
 * surveys at their own address though Surveys is not theirs to switch.
 */
export function RequireFeature({ feature, children }: { feature: FeatureCode; children: ReactNode }) {
  const { features } = useHeaderState();
  const { user } = useSession();
  const rule: readonly string[] = FEATURE_RULE_ROLES[feature];
  const governed = (user?.roles ?? []).some((role) => rule.includes(role.toLowerCase()));
  if (features && governed && !features.has(feature)) return <NotFoundPage />;
  return <>{children}</>;
}
