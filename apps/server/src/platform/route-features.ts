import type { FastifyInstance } from 'fastify';
import type { FeatureCode } from '@careslot/contracts';
import { requireRouteFeature } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The practice feature the route belongs to (access control, decisions 0059 and 0086), declared once in
     * the route's options; several: any of them lets the caller in (time off is kept from the calendar and
     * from the settings). Routes of no switchable feature declare none and are listed, with the reason, in
     * route-features.test.ts.
     */
    feature?: FeatureCode | readonly FeatureCode[];
    /** The audit workflow of the route's use case: a refusal by a switch is audited with it. */
    workflow?: string;
  }
}

/** The features a route declared (empty: none). */
export function featuresOf(
  config: { feature?: FeatureCode | readonly FeatureCode[] } | undefined,
): readonly FeatureCode[] {
  const declared = config?.feature;
  if (declared === undefined) return [];
  return typeof declared === 'string' ? [declared] : declared;
}

/**
 * One hook for every route (decision 0086): the route's declared feature is asked of the access policy before
 * validation and before the route's own rules, so a practice user whose switch is off gets 403 whatever the
 * body. Registered right after the request context is built.
 */
export function registerFeatureSwitches(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const features = featuresOf(request.routeOptions.config);
    if (features.length > 0)
      await requireRouteFeature(request.context, features, request.routeOptions.config.workflow ?? null);
  });
}
