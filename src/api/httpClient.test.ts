import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import { HttpClient } from './httpClient';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A real HTTP server whose answers each test scripts: the network is faked, not the client. */
let server: Server;
let baseUrl: string;
let handlers: Handler[] = [];
let received: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body, headers: request.headers });
      const handler = handlers.shift();
      if (!handler) {
        response.statusCode = 500;
        response.end('no handler');
        return;
      }
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  handlers = [];
  received = [];
});

const json =
  (status: number, body: unknown): Handler =>
  (_request, response) => {
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(body));
  };

/** A handler that answers nothing until released: `received` resolves when the request reached the server. */
function holdResponse() {
  let answered = false;
  let release: () => void = () => undefined;
  const received = new Promise<void>((resolve) => {
    handlers.push((_request, response) => {
      release = () => {
        answered = true;
        response.end('{}');
      };
      resolve();
    });
  });
  return { received, answered: () => answered, release: () => release() };
}

function client(waits: number[] = []) {
  return new HttpClient({
    baseUrl,
    sleep: (milliseconds) => {
      waits.push(milliseconds);
      return Promise.resolve();
    },
  });
}

describe('HttpClient', () => {
  it('sends JSON, array params as key[] and unwraps data', async () => {
    handlers.push(json(200, { data: [1, 2, 3] }));
    const result = await client().post<number[]>(
      '/items',
      { name: 'Zone 1' },
      { params: { naf_codes: ['56.10A', '47.11F'], limit: 10, skip: undefined, filter: { a: 1 } } },
    );
    expect(result).toEqual([1, 2, 3]);
    expect(received[0]?.method).toBe('POST');
    expect(decodeURIComponent(received[0]?.url ?? '')).toBe(
      '/items?naf_codes[]=56.10A&naf_codes[]=47.11F&limit=10&filter={"a":1}',
    );
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: 'Zone 1' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it('retries server errors three times with a delay doubling from 1 s', async () => {
    handlers.push(json(503, { detail: 'busy' }), json(500, {}), json(502, {}), json(200, { ok: true }));
    const waits: number[] = [];
    expect(await client(waits).get('/flaky')).toEqual({ ok: true });
    expect(received).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('gives up after 3 retries with the server message', async () => {
    for (let index = 0; index < 4; index += 1)
      handlers.push(json(500, { detail: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' }));
    await expect(client().get('/down')).rejects.toMatchObject({
      status: 500,
      message: 'Erreur interne du serveur',
      code: 'INTERNAL_ERROR',
    });
    expect(received).toHaveLength(4);
  });

  it.each([
    [400, 'VALIDATION_ERROR'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
  ])('does not retry a %i', async (status, code) => {
    handlers.push(json(status, { detail: `refusé ${status}`, code }));
    const error = await client()
      .get('/nope')
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code, message: `refusé ${status}` });
    expect(received).toHaveLength(1);
  });

  it("falls back to 'HTTP {status}: {text}' without a server message", async () => {
    handlers.push((_request, response) => {
      response.statusCode = 404;
      response.end('plain');
    });
    await expect(client().get('/plain')).rejects.toMatchObject({ message: 'HTTP 404: Not Found', status: 404 });
  });

  it("raises TIMEOUT_ERROR 408 'Request timed out' once the timeout elapses on the (fake) clock", async () => {
    const silent = holdResponse();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const request = client()
        .get('/slow', { timeoutMs: 30_000, retries: 0 })
        .catch((failure: unknown) => failure);
      await silent.received;
      await vi.advanceTimersByTimeAsync(29_999);
      expect(silent.answered()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await request).toMatchObject({ code: 'TIMEOUT_ERROR', status: 408, message: 'Request timed out' });
    } finally {
      vi.useRealTimers();
      silent.release();
    }
  });

  it('raises NETWORK_ERROR with status 0 when nothing listens', async () => {
    const offline = new HttpClient({ baseUrl: 'http://127.0.0.1:9', sleep: () => Promise.resolve() });
    await expect(offline.get('/x', { retries: 1 })).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const silent = holdResponse();
    const controller = new AbortController();
    const request = client().get('/abortable', { signal: controller.signal });
    await silent.received;
    controller.abort();
    await expect(request).rejects.toMatchObject({ code: 'ABORTED' });
    expect(received).toHaveLength(1);
    silent.release();
  });

  it('waits linearly when asked (demographics: 1 s, 2 s)', async () => {
    handlers.push(json(500, {}), json(500, {}), json(200, { data: 'ok' }));
    const waits: number[] = [];
    expect(await client(waits).get('/linear', { retries: 2, backoff: 'linear' })).toBe('ok');
    expect(waits).toEqual([1000, 2000]);
  });
});
