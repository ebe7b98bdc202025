import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';

/** The app as a module sees it while registering (the zod type provider, as buildApp makes it). */
export type ModuleApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * How a module joins the app (decision 0084): its `index.ts` exports one `register` of this type that wires
 * everything the module runs: its routes, its event consumers, its job kinds and timers, its real-time room
 * rules. app.ts lists the modules and calls each `register` once; a routes file only declares routes, so
 * leaving a route plugin out can no longer silently drop a consumer.
 */
export type ModuleRegistration = (app: ModuleApp, deps: AppDeps) => Promise<void>;
