import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogRoutes } from './modules/catalog';
import { directoryRoutes } from './modules/directory';
import { identityRoutes } from './modules/identity';
import { schedulingRoutes } from './modules/scheduling';
import { marketingRoutes } from './modules/marketing';
import { marketplaceRoutes } from './modules/marketplace';

/** Every module's routes, registered by app.ts in this order. One line per module. */
export const moduleRoutes: FastifyPluginAsyncZod[] = [
  catalogRoutes,
  directoryRoutes,
  identityRoutes,
  schedulingRoutes,
  marketingRoutes,
  marketplaceRoutes,
];
