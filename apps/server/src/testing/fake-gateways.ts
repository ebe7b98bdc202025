import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins (node:http on 127.0.0.1) for the card gateways' APIs, for tests only: they check each request the
 * way the real API does (authentication headers, paths, bodies) and answer in its shapes, including a decline, an
 * insufficient-funds decline and a server error. Every request is recorded for assertions.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** JSON bodies parsed; Stripe's form bodies as URLSearchParams. */
  body: unknown;
}

export interface StandIn {
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

type Reply = (status: number, payload: unknown) => void;
type Handler = (call: RecordedCall, reply: Reply) => void;

async function serve(handler: Handler, parse: 'json' | 'form'): Promise<StandIn> {
  const calls: RecordedCall[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => resolve(data));
    });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let body: unknown = null;
      if (parse === 'form') body = new URLSearchParams(raw);
      else if (raw) {
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          body = raw;
        }
      }
      const call: RecordedCall = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      calls.push(call);
      handler(call, (status, payload) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

// ---------- Fortis API v1 ----------

export const FORTIS_CREDENTIALS = {
  userId: '11e9fortisuser0001',
  userApiKey: 'fortis-user-api-key-secret',
  developerId: 'careslot-dev-01',
};
/** The merchant (location and product) the stand-in knows; anything else is refused as Fortis refuses it. */
export const FORTIS_MERCHANT = {
  locationId: '11ef0a1b2c3d4e5f60718293',
  productId: '11ef0a1b2c3d4e5f6071cc01',
};
/** Tokens of Fortis's hosted card field: approved, declined, insufficient funds, and one that breaks the server. */
export const FORTIS_TOKENS = {
  visa: 'tok11ef0000visa1111',
  decline: 'tok11ef0000decline',
  insufficientFunds: 'tok11ef0000nsf',
  serverError: 'tok11ef0000error',
};

interface FortisRow {
  id: string;
  status_code: number;
  transaction_amount: number;
  auth_amount: number;
  transaction_api_id: string;
  previous_transaction_id?: string;
  location_id: string;
  product_transaction_id: string;
  last_four: string;
  verbiage: string;
  reason_code_id: number;
}

export async function fortisStandIn(): Promise<StandIn & { transactions: Map<string, FortisRow> }> {
  const transactions = new Map<string, FortisRow>();
  const fortisError = (reply: Reply, status: number, title: string, errors?: Record<string, string[]>) =>
    reply(status, { type: 'Error', title, detail: title, ...(errors ? { meta: { errors } } : {}) });
  const standIn = await serve((call, reply) => {
    const h = call.headers;
    if (
      h['user-id'] !== FORTIS_CREDENTIALS.userId ||
      h['user-api-key'] !== FORTIS_CREDENTIALS.userApiKey ||
      h['developer-id'] !== FORTIS_CREDENTIALS.developerId
    ) {
      return fortisError(reply, 401, 'Unauthorized');
    }
    if (call.method !== 'GET' && h['content-type'] !== 'application/json')
      return fortisError(reply, 415, 'Unsupported Media Type');
    const body = (call.body ?? {}) as Record<string, unknown>;
    const p = call.path;
    const unique = (apiId: unknown) =>
      [...transactions.values()].every((t) => t.transaction_api_id !== apiId);
    if (call.method === 'POST' && p === '/v1/elements/transaction/intention') {
      const methods = Array.isArray(body.methods)
        ? (body.methods as { type?: unknown; product_transaction_id?: unknown }[])
        : [];
      if (
        body.action !== 'tokenization' ||
        typeof body.location_id !== 'string' ||
        !methods.some((m) => m.type === 'cc' && typeof m.product_transaction_id === 'string')
      ) {
        return fortisError(reply, 412, 'Precondition Failed');
      }
      return reply(200, {
        type: 'ElementsTransactionIntention',
        data: { client_token: `ct_${hex(16)}`, location_id: body.location_id },
      });
    }
    if (call.method === 'POST' && p === '/v1/transactions/cc/auth-only/token') {
      const errors: Record<string, string[]> = {};
      if (!Number.isInteger(body.transaction_amount) || (body.transaction_amount as number) < 1)
        errors.transaction_amount = ['must be a whole number of cents'];
      if (body.location_id !== FORTIS_MERCHANT.locationId) errors.location_id = ['location not found'];
      if (body.product_transaction_id !== FORTIS_MERCHANT.productId)
        errors.product_transaction_id = ['product transaction not found'];
      if (
        typeof body.transaction_api_id !== 'string' ||
        !/^[A-Za-z0-9_-]{1,64}$/.test(body.transaction_api_id)
      )
        errors.transaction_api_id = ['is invalid'];
      else if (!unique(body.transaction_api_id)) errors.transaction_api_id = ['has already been taken'];
      if (!Object.values(FORTIS_TOKENS).includes(body.token_id as string))
        errors.token_id = ['token not found'];
      if (Object.keys(errors).length) return fortisError(reply, 422, 'Validation Failed', errors);
      if (body.token_id === FORTIS_TOKENS.serverError)
        return fortisError(reply, 500, 'Internal Server Error');
      const declined =
        body.token_id === FORTIS_TOKENS.decline || body.token_id === FORTIS_TOKENS.insufficientFunds;
      const row: FortisRow = {
        id: hex(12),
        status_code: declined ? 301 : 102,
        transaction_amount: body.transaction_amount as number,
        auth_amount: declined ? 0 : (body.transaction_amount as number),
        transaction_api_id: body.transaction_api_id as string,
        location_id: body.location_id as string,
        product_transaction_id: body.product_transaction_id as string,
        last_four: '1111',
        verbiage:
          body.token_id === FORTIS_TOKENS.insufficientFunds
            ? 'INSUFFICIENT FUNDS'
            : declined
              ? 'DECLINE'
              : 'APPROVED',
        reason_code_id: declined ? 1500 : 1000,
      };
      transactions.set(row.id, row);
      return reply(201, { type: 'Transaction', data: row });
    }
    if (call.method === 'POST' && p === '/v1/transactions/cc/refund/prev-trxn') {
      const previous = transactions.get(body.previous_transaction_id as string);
      if (!previous)
        return fortisError(reply, 422, 'Validation Failed', { previous_transaction_id: ['not found'] });
      if (!unique(body.transaction_api_id))
        return fortisError(reply, 422, 'Validation Failed', {
          transaction_api_id: ['has already been taken'],
        });
      if (previous.status_code !== 101) return fortisError(reply, 412, 'Transaction is not refundable');
      if (
        !Number.isInteger(body.transaction_amount) ||
        (body.transaction_amount as number) > previous.transaction_amount
      ) {
        return fortisError(reply, 422, 'Validation Failed', {
          transaction_amount: ['must not exceed the original amount'],
        });
      }
      const refund: FortisRow = {
        ...previous,
        id: hex(12),
        status_code: 111,
        transaction_amount: body.transaction_amount as number,
        transaction_api_id: body.transaction_api_id as string,
        previous_transaction_id: previous.id,
      };
      transactions.set(refund.id, refund);
      return reply(201, { type: 'Transaction', data: refund });
    }
    if (call.method === 'GET' && p === '/v1/transactions') {
      const filter = JSON.parse(call.query.get('filter') ?? '{}') as Record<string, string>;
      const list = [...transactions.values()].filter((t) =>
        Object.entries(filter).every(([k, v]) => (t as unknown as Record<string, unknown>)[k] === v),
      );
      return reply(200, { type: 'TransactionsCollection', list });
    }
    const m = /^\/v1\/transactions\/([0-9a-f]{24})(?:\/(auth-complete|void))?$/.exec(p);
    if (m) {
      const row = transactions.get(m[1]!);
      if (!row) return fortisError(reply, 404, 'Not Found');
      if (call.method === 'PATCH' && m[2] === 'auth-complete') {
        if (row.status_code !== 102) return fortisError(reply, 412, 'Transaction is not completable');
        row.status_code = 101;
      } else if (call.method === 'PUT' && m[2] === 'void') {
        if (row.status_code !== 102 && row.status_code !== 101)
          return fortisError(reply, 412, 'Transaction is not voidable');
        row.status_code = 201;
      } else if (call.method !== 'GET' || m[2]) return fortisError(reply, 405, 'Method Not Allowed');
      return reply(200, { type: 'Transaction', data: row });
    }
    return fortisError(reply, 404, `no stand-in for ${call.method} ${p}`);
  }, 'json');
  return { ...standIn, transactions };
}

// ---------- Global Payments GP-API ----------

/** A location's app at Global Payments (its AccountNumber and Credential). */
export const GLOBALPAY_APP = { appId: 'CareSlotLocationApp0000000000001', appKey: 'k3yOfTheL0cation' };
export const GLOBALPAY_TOKENS = {
  visa: 'PMT_8c1d3f0e-visa',
  decline: 'PMT_8c1d3f0e-decline',
  insufficientFunds: 'PMT_8c1d3f0e-nsf',
  serverError: 'PMT_8c1d3f0e-error',
};

interface GpRow {
  id: string;
  status: string;
  amount: string;
  currency: string;
  reference: string;
  type: string;
  payment_method: { result: string; message: string; card: { masked_number_last4: string } };
}

export async function globalPayStandIn(): Promise<
  StandIn & {
    transactions: Map<string, GpRow>;
    tokensIssued: () => number;
    limitedTokens: Map<string, string[]>;
  }
> {
  const transactions = new Map<string, GpRow>();
  /** Access tokens asked for with permissions (the hosted fields'), and those permissions. */
  const permissions = new Map<string, string[]>();
  const byIdempotency = new Map<string, { status: number; payload: unknown }>();
  const tokens = new Set<string>();
  const gpError = (reply: Reply, status: number, code: string, description: string) =>
    reply(status, {
      error_code: code,
      detailed_error_code: String(40000 + status),
      detailed_error_description: description,
    });
  const standIn = await serve((call, reply) => {
    if (call.headers['x-gp-version'] !== '2021-03-22')
      return gpError(reply, 400, 'INVALID_REQUEST_DATA', 'X-GP-Version header is missing or not supported');
    const body = (call.body ?? {}) as Record<string, unknown>;
    const p = call.path;
    if (call.method === 'POST' && p === '/ucp/accesstoken') {
      const expected = createHash('sha512')
        .update(`${String(body.nonce)}${GLOBALPAY_APP.appKey}`)
        .digest('hex');
      if (body.grant_type !== 'client_credentials' || typeof body.nonce !== 'string' || !body.nonce)
        return gpError(reply, 400, 'INVALID_REQUEST_DATA', 'grant_type and nonce are mandatory');
      if (body.app_id !== GLOBALPAY_APP.appId || body.secret !== expected)
        return gpError(
          reply,
          403,
          'ACTION_NOT_AUTHORIZED',
          'Credentials not recognized to create access token.',
        );
      const token = `gpapi_${hex(16)}`;
      // An access token limited to PMT_POST_Create_Single is the hosted fields' (it cannot authorize a payment).
      if (!Array.isArray(body.permissions)) tokens.add(token);
      else permissions.set(token, body.permissions as string[]);
      return reply(200, {
        token,
        type: 'Bearer',
        app_id: body.app_id,
        app_name: 'CareSlot',
        seconds_to_expire: 599,
        scope: { accounts: [{ id: 'TRA_c9967ad7d8ec4b46b6dd44a61cde9a91', name: 'transaction_processing' }] },
      });
    }
    const bearer = /^Bearer (.+)$/.exec(call.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return gpError(reply, 401, 'NOT_AUTHENTICATED', 'Invalid access token');
    const key = call.headers['x-gp-idempotency'];
    const idem = typeof key === 'string' ? `${call.method} ${p} ${key}` : null;
    if (idem && byIdempotency.has(idem)) {
      const earlier = byIdempotency.get(idem)!;
      return reply(earlier.status, earlier.payload);
    }
    const remember: Reply = (status, payload) => {
      if (idem && status < 500) byIdempotency.set(idem, { status, payload });
      reply(status, payload);
    };
    if (call.method === 'POST' && p === '/ucp/transactions') {
      const method = body.payment_method as { entry_mode?: string; id?: string } | undefined;
      if (
        body.account_name !== 'transaction_processing' ||
        body.type !== 'SALE' ||
        body.channel !== 'CNP' ||
        body.capture_mode !== 'LATER' ||
        body.country !== 'US'
      ) {
        return gpError(
          reply,
          400,
          'INVALID_REQUEST_DATA',
          'Mandatory field account_name, type, channel, capture_mode or country is missing or invalid',
        );
      }
      if (typeof body.amount !== 'string' || !/^\d+$/.test(body.amount) || body.currency !== 'USD')
        return gpError(reply, 400, 'INVALID_REQUEST_DATA', 'Invalid amount or currency');
      if (method?.entry_mode !== 'ECOM')
        return gpError(
          reply,
          400,
          'INVALID_REQUEST_DATA',
          'Mandatory field payment_method.entry_mode is missing',
        );
      if (!Object.values(GLOBALPAY_TOKENS).includes(method.id ?? ''))
        return gpError(reply, 404, 'RESOURCE_NOT_FOUND', 'payment_method id not found');
      if (method.id === GLOBALPAY_TOKENS.serverError)
        return gpError(
          reply,
          502,
          'SYSTEM_ERROR_DOWNSTREAM',
          'Unable to process your request due to an error with a system down stream.',
        );
      const result =
        method.id === GLOBALPAY_TOKENS.decline
          ? '05'
          : method.id === GLOBALPAY_TOKENS.insufficientFunds
            ? '51'
            : '00';
      const row: GpRow = {
        id: `TRN_${hex(15)}`,
        status: result === '00' ? 'PREAUTHORIZED' : 'DECLINED',
        amount: body.amount,
        currency: 'USD',
        reference: String(body.reference),
        type: 'SALE',
        payment_method: {
          result,
          message: result === '00' ? '(00)[ test system ] Authorised' : 'DECLINED',
          card: { masked_number_last4: 'XXXXXXXXXXXX1111' },
        },
      };
      transactions.set(row.id, row);
      return remember(200, { ...row, action: { result_code: result === '00' ? 'SUCCESS' : 'DECLINED' } });
    }
    if (call.method === 'GET' && p === '/ucp/transactions') {
      const reference = call.query.get('reference');
      return reply(200, {
        transactions: [...transactions.values()].filter((t) => !reference || t.reference === reference),
      });
    }
    const m = /^\/ucp\/transactions\/(TRN_[0-9a-f]+)(?:\/(capture|reversal|refund))?$/.exec(p);
    if (m) {
      const row = transactions.get(m[1]!);
      if (!row) return gpError(reply, 404, 'RESOURCE_NOT_FOUND', 'Transaction not found');
      if (call.method === 'GET' && !m[2]) return reply(200, row);
      if (call.method !== 'POST' || !idem)
        return gpError(reply, 400, 'INVALID_REQUEST_DATA', 'X-GP-Idempotency is required');
      if (m[2] === 'capture') {
        if (row.status !== 'PREAUTHORIZED')
          return gpError(reply, 400, 'INVALID_REQUEST_DATA', `Transaction ${row.id} is ${row.status}`);
        row.status = 'CAPTURED';
      } else if (m[2] === 'reversal') {
        if (row.status !== 'PREAUTHORIZED' && row.status !== 'CAPTURED')
          return gpError(reply, 400, 'INVALID_REQUEST_DATA', `Transaction ${row.id} is ${row.status}`);
        row.status = 'REVERSED';
      } else {
        if (row.status !== 'CAPTURED')
          return gpError(reply, 400, 'INVALID_REQUEST_DATA', `Transaction ${row.id} is ${row.status}`);
        const amount = body.amount === undefined ? row.amount : body.amount;
        if (typeof amount !== 'string' || Number(amount) > Number(row.amount))
          return gpError(reply, 400, 'INVALID_REQUEST_DATA', 'amount exceeds the captured amount');
        const refund: GpRow = { ...row, id: `TRN_${hex(15)}`, status: 'CAPTURED', type: 'REFUND', amount };
        transactions.set(refund.id, refund);
        return remember(200, { ...refund, action: { result_code: 'SUCCESS' } });
      }
      return remember(200, { ...row, action: { result_code: 'SUCCESS' } });
    }
    return gpError(reply, 404, 'RESOURCE_NOT_FOUND', `no stand-in for ${call.method} ${p}`);
  }, 'json');
  return { ...standIn, transactions, tokensIssued: () => tokens.size, limitedTokens: permissions };
}

// ---------- Stripe (form bodies, the SDK's calls) ----------

export async function stripeStandIn(): Promise<StandIn & { intents: Map<string, Record<string, unknown>> }> {
  const intents = new Map<string, Record<string, unknown>>();
  const standIn = await serve((call, reply) => {
    const body = call.body as URLSearchParams;
    const p = call.path;
    const stripeError = (status: number, type: string, message: string, code?: string) =>
      reply(status, { error: { type, message, ...(code ? { code } : {}) } });
    if (call.headers.authorization !== 'Bearer sk_test_standin')
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    if (call.method === 'POST' && p === '/v1/customers')
      return reply(200, { id: 'cus_standin_1', object: 'customer' });
    const attach = /^\/v1\/payment_methods\/(pm_[A-Za-z0-9_]+)\/attach$/.exec(p);
    if (call.method === 'POST' && attach)
      return reply(200, {
        id: attach[1],
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
      });
    if (/^\/v1\/customers\/[^/]+\/payment_methods$/.test(p)) {
      return reply(200, {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'pm_card_visa',
            object: 'payment_method',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
          },
        ],
      });
    }
    if (call.method === 'POST' && p === '/v1/payment_intents') {
      const destination = body.get('transfer_data[destination]');
      const intent = {
        id: `pi_standin_${hex(6)}`,
        object: 'payment_intent',
        status: 'requires_capture',
        amount: Number(body.get('amount')),
        latest_charge: null,
        on_behalf_of: body.get('on_behalf_of'),
        transfer_data: destination ? { destination } : null,
      };
      intents.set(intent.id, intent);
      return reply(200, intent);
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(p);
    if (m) {
      const intent = intents.get(m[1]!);
      if (!intent)
        return stripeError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      if (m[2] === 'capture') intent.status = 'succeeded';
      if (m[2] === 'cancel') intent.status = 'canceled';
      return reply(200, intent);
    }
    if (call.method === 'POST' && p === '/v1/refunds') {
      const intent = intents.get(body.get('payment_intent') ?? '');
      if (!intent)
        return stripeError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
      if (body.get('reverse_transfer') === 'true' && !intent.transfer_data)
        return stripeError(400, 'invalid_request_error', 'This charge has no transfer to reverse');
      return reply(200, { id: `re_standin_${hex(6)}`, object: 'refund', status: 'succeeded' });
    }
    return stripeError(404, 'invalid_request_error', `no stand-in for ${call.method} ${p}`);
  }, 'form');
  return { ...standIn, intents };
}
