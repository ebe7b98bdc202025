import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent after DATA: headers and body. */
  data: string;
}

export interface SmtpStandIn {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * The far end of the SMTP transport in tests: a local server speaking enough SMTP (EHLO, MAIL, RCPT, DATA,
 * QUIT) for nodemailer, which accepts every message and records it, so a test counts what actually left.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const reply = (...lines: string[]) => socket.write(lines.map((line) => `${line}\r\n`).join(''));
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    reply('220 stand-in ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          received.push({ ...mail, data: buffer.slice(0, end) });
          mail = { from: '', to: [], data: '' };
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-stand-in', '250 8BITMIME');
        else if (verb === 'HELO') reply('250 stand-in');
        else if (verb === 'MAIL') {
          mail.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') {
          mail = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
