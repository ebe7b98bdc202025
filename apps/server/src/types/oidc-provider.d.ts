// The parts of oidc-provider 9 that CareSlot uses (the package ships no type declarations).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  }
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }
  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }
  export interface InteractionResults {
    /** The registration prompt (prompt=create) was resolved. */
    create?: Record<string, never>;
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }
  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export interface AccessTokenRecord {
    accountId: string;
    clientId: string;
    isExpired: boolean;
  }
  export type Configuration = Record<string, unknown>;
  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    AccessToken: { find(value: string): Promise<AccessTokenRecord | undefined> };
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export class Prompt {
    constructor(options: { name: string; requestable?: boolean }, ...checks: unknown[]);
    name: string;
  }
  export interface InteractionPolicy extends Array<Prompt> {
    add(prompt: Prompt, index?: number): void;
  }
  export const interactionPolicy: { base(): InteractionPolicy; Prompt: typeof Prompt };
  export interface RefreshTokenRecord {
    accountId: string;
    clientId: string;
    isExpired: boolean;
  }
  export default Provider;
  export const errors: Record<string, new (...args: unknown[]) => Error>;
}
