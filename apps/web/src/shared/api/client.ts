import { messageForStatus, type ErrorEnvelope, type FieldIssue } from '@careslot/contracts';

/** An API failure carrying the spec's message for its status and, for a 400, the fields at fault. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: FieldIssue[];
  readonly body: unknown;

  constructor(status: number, message: string, issues: FieldIssue[] = [], body: unknown = undefined) {
    super(message);
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}

type TokenSource = () => string | null;

// The session's token lives in memory only (decision 0107); the auth feature registers where it is.
let tokenSource: TokenSource = () => null;

/** The auth feature registers where the current access token comes from. */
export function setTokenSource(source: TokenSource) {
  tokenSource = source;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** 401/403 handling (patient-booking.md §4.8) is done by whoever listens here. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined | (string | number)[]>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The bearer token of this one call instead of the session's (a registration's calls before its session). */
  token?: string;
  /** Sees the response's headers of a successful call (counts some lists send beside their body). */
  onHeaders?: (headers: Headers) => void;
}

/** Builds a query string: list values repeat the parameter, nulls are skipped (spec §7 "catalogs"). */
export function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every call sends credentials and 'Authorization: bearer {token}'; errors become ApiError with the spec text. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.token ?? tokenSource();
  if (token) headers.authorization = `bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${path}${toQueryString(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal ?? null,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const envelope = parsed as Partial<ErrorEnvelope> | undefined;
    const message =
      typeof envelope?.message === 'string' && envelope.message
        ? envelope.message
        : messageForStatus(response.status);
    const error = new ApiError(response.status, message, envelope?.errors ?? [], parsed);
    if (response.status === 401 || response.status === 403) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  options.onHeaders?.(response.headers);
  return parsed as T;
}

/** A call answering a file (a report's PDF or workbook): the body as a Blob, errors as apiRequest's. */
export async function apiFile(path: string, options: Omit<RequestOptions, 'onHeaders'> = {}): Promise<Blob> {
  const headers: Record<string, string> = { accept: '*/*', ...options.headers };
  const token = options.token ?? tokenSource();
  if (token) headers.authorization = `bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${path}${toQueryString(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal ?? null,
  });
  if (!response.ok) {
    let envelope: Partial<ErrorEnvelope> | undefined;
    try {
      envelope = (await response.json()) as Partial<ErrorEnvelope>;
    } catch {
      envelope = undefined;
    }
    const error = new ApiError(
      response.status,
      typeof envelope?.message === 'string' && envelope.message
        ? envelope.message
        : messageForStatus(response.status),
      envelope?.errors ?? [],
      envelope,
    );
    if (response.status === 401 || response.status === 403) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  return response.blob();
}
