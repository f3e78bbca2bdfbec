import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Graph API for the tests (DESIGN §11.5): `POST /<phone number id>/messages` on
 * 127.0.0.1, as Meta's Cloud API answers it. It records every request (path, bearer token,
 * body) and answers `{messaging_product, contacts: [{input, wa_id}], messages: [{id}]}` with a
 * fresh `wamid.…`, or Meta's error shape when the test asked it to fail.
 */

export interface ReceivedMessage {
  /** The request's path: '/<phone number id>/messages'. */
  path: string;
  /** The Authorization header as sent ('Bearer <token>'). */
  authorization: string | undefined;
  /** The JSON body, parsed; null when it was not JSON. */
  body: unknown;
  /** The wamid answered; null when the fake failed the request. */
  wamid: string | null;
}

export interface FakeWhatsapp {
  /** The Graph API's base, for WHATSAPP_API_URL. */
  url: string;
  received: ReceivedMessage[];
  /** The next `count` requests are refused with Meta's error (400, code 131026 by default). */
  failNext(count?: number, status?: number): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const toOf = (body: unknown): string =>
  typeof body === 'object' && body !== null && 'to' in body && typeof body.to === 'string'
    ? body.to
    : '';

function answer(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeWhatsapp(): Promise<FakeWhatsapp> {
  const received: ReceivedMessage[] = [];
  const failures: number[] = [];
  let sequence = 0;

  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const body = parse(text);
      const authorization = request.headers.authorization;
      if (request.method !== 'POST' || !/\/[^/]+\/messages$/.test(path)) {
        received.push({ path, authorization, body, wamid: null });
        answer(response, 404, { error: { message: 'Unknown path', code: 100 } });
        return;
      }
      const failure = failures.shift();
      if (failure !== undefined) {
        received.push({ path, authorization, body, wamid: null });
        answer(response, failure, {
          error: {
            message: '(#131026) Message undeliverable',
            type: 'OAuthException',
            code: 131026,
            fbtrace_id: 'fake',
          },
        });
        return;
      }
      sequence += 1;
      const wamid = `wamid.FAKE${String(sequence).padStart(6, '0')}`;
      received.push({ path, authorization, body, wamid });
      const to = toOf(body);
      answer(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamid }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listen() on a TCP port: an AddressInfo.
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    received,
    failNext(count = 1, status = 400) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
