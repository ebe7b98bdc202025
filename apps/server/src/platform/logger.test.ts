import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { loggerOptions } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info' }));
  if (!options || typeof options !== 'object') throw new Error('expected logger options');
  const logger = pino(options as pino.LoggerOptions, stream);
  return { logger, text: () => lines.join('') };
}

describe('logs', () => {
  it('never print names, e-mails, phones, passwords, tokens or codes', () => {
    const { logger, text } = capture();
    logger.info(
      {
        email: 'ana.reyes@example.com',
        password: 'hunter2hunter2',
        body: { given_name: 'Ana', family_name: 'Reyes', mobile_number: '2125550147', code: '123456' },
        access_token: 'eyJhbGciOi.secret',
      },
      'something happened',
    );
    const out = text();
    for (const secret of [
      'ana.reyes@example.com',
      'hunter2hunter2',
      'Reyes',
      '2125550147',
      '123456',
      'eyJhbGciOi',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('something happened');
  });

  it('log the path of a request but not its query values', () => {
    const { logger, text } = capture();
    logger.info({
      req: {
        id: '1',
        method: 'GET',
        url: '/careslot-administration/api/v1/account/identity-user?email=ana@example.com',
      },
    });
    const out = text();
    expect(out).toContain('/careslot-administration/api/v1/account/identity-user');
    expect(out).toContain('"queryKeys":["email"]');
    expect(out).not.toContain('ana@example.com');
  });

  it('hide the activation code of an invitation path', () => {
    const { logger, text } = capture();
    const code = '7b0c7c1e-5a44-4c35-9d55-4a2f5a0a2b11';
    logger.info({
      req: { id: '2', method: 'GET', url: `/careslot-administration/api/v2/Invitation/${code}` },
    });
    expect(text()).not.toContain(code);
    expect(text()).toContain('/careslot-administration/api/v2/Invitation/[redacted]');
  });
});

describe('configuration', () => {
  it('stops with a message naming the variable and the rule', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must be a postgres/,
    );
  });
});
