import type { HostedFieldEnvironment } from '@careslot/contracts';

/**
 * The gateways' own card-field scripts (decision 0077). They are loaded only on the payment page of a practice
 * whose gateway the server takes payments through for real, never with the app's bundle; the content security
 * policy lets in exactly these origins then (platform/card-fields.ts on the server).
 */
export const FORTIS_ELEMENTS_SCRIPT: Record<HostedFieldEnvironment, string> = {
  sandbox: 'https://js.sandbox.fortis.tech/commercejs-v1.0.0.min.js',
  production: 'https://js.fortis.tech/commercejs-v1.0.0.min.js',
};
export const GLOBALPAY_SCRIPT = 'https://js.globalpay.com/v1/globalpayments.js';

/** Fortis Elements (commerce.js): `new Commerce.elements(clientToken)`, then create, events, submit. */
export interface FortisElements {
  create(options: {
    container: string;
    theme?: string;
    environment: HostedFieldEnvironment;
    view?: string;
    showSubmitButton?: boolean;
    floatingLabels?: boolean;
  }): void;
  on(
    event: 'ready' | 'done' | 'error' | 'validationError',
    handler: (payload: FortisEventPayload) => void,
  ): void;
  submit(): void;
}
export interface FortisEventPayload {
  /** 'done': the one-time token (its id) the transaction intention asked for. */
  data?: { id?: string; last_four?: string };
  message?: string;
}
export interface FortisCommerce {
  elements: new (clientToken: string) => FortisElements;
}

/** globalpayments.js with GP-API: configure with an access token, then a form of hosted fields. */
export interface GlobalPaymentsForm {
  on(
    event: 'token-success',
    handler: (response: { paymentReference: string; details?: { cardLast4?: string } }) => void,
  ): void;
  on(
    event: 'token-error',
    handler: (response: {
      error?: { message?: string };
      reasons?: { code?: string; message?: string }[];
    }) => void,
  ): void;
  ready(handler: () => void): void;
}
export interface GlobalPaymentsLib {
  configure(options: { accessToken: string; apiVersion: string; env: HostedFieldEnvironment }): void;
  ui: {
    form(options: {
      fields: Record<string, { target: string; placeholder?: string; text?: string }>;
      styles?: Record<string, Record<string, string>>;
    }): GlobalPaymentsForm;
  };
  on?(event: 'error', handler: (error: { error?: { message?: string } }) => void): void;
}

declare global {
  interface Window {
    Commerce?: FortisCommerce;
    GlobalPayments?: GlobalPaymentsLib;
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds the script once per page; resolves when the global it defines is there, rejects when it cannot load. */
export function loadScript<K extends 'Commerce' | 'GlobalPayments'>(
  src: string,
  global: K,
): Promise<NonNullable<Window[K]>> {
  const present = window[global];
  if (present) return Promise.resolve(present as NonNullable<Window[K]>);
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`${src} could not be loaded`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, pending);
  }
  return pending.then(() => {
    const loaded = window[global];
    if (!loaded) throw new Error(`${src} defined no ${global}`);
    return loaded;
  });
}

/** The GP-API version the server speaks (X-GP-Version), which the hosted fields must use too. */
export const GP_API_VERSION = '2021-03-22';
