import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Log options that never print patient data or secrets: headers with credentials, bodies, query values
 * (which may hold an e-mail or a code) and any field named like a name, phone, e-mail, token or password.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const sensitive = [
    'password',
    'Password',
    'token',
    'access_token',
    'refresh_token',
    'id_token',
    'code',
    'code_verifier',
    'otp',
    'email',
    'Email',
    'phone',
    'mobile_number',
    'given_name',
    'family_name',
    'name',
    'Name',
    'BirthDate',
    'dob',
    'Telecom',
  ];
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...sensitive,
        ...sensitive.map((k) => `*.${k}`),
        ...sensitive.map((k) => `*.*.${k}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        // Keep the path, drop query values: they can carry e-mails, codes or patient ids.
        const [pathname, query] = request.url.split('?');
        const keys = query ? [...new URLSearchParams(query).keys()] : [];
        // An invitation id in the path is an activation code: a secret like any other code.
        // Any path segment holding an e-mail (the reputation call users/{email}/{organizationId}) is hidden too.
        const path = (pathname ?? '')
          .replace(/(\/Invitation\/)[^/]+/i, '$1[redacted]')
          .replace(/[^/]*(@|%40)[^/]*/gi, '[redacted]');
        return { id: request.id, method: request.method, path, queryKeys: keys };
      },
    },
    ...(config.NODE_ENV === 'development' && process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
