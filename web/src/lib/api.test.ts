import { LOGIN_MESSAGES } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The session-expired notice is SweetAlert2 in the browser; here it is a promise we resolve.
const notice = vi.hoisted(() => ({ calls: 0, accept: () => {} }));
vi.mock('./alerts', () => ({
  sessionExpired: () => {
    notice.calls += 1;
    return new Promise<boolean>((resolve) => {
      notice.accept = () => resolve(true);
    });
  },
}));

const { api, ApiError, jsonField } = await import('./api');
const { getCredential, storeCredential } = await import('./session');

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

function sent(): { url: string; init: RequestInit; headers: Headers } {
  const [input = '', init = {}] = fetchMock.mock.lastCall ?? [];
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  notice.calls = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it("sends the spec's headers and the stored credential, and answers the data", async () => {
    storeCredential('Bearer abc', false);
    answer(200, { status: 'success', data: { id: 1 } });
    await expect(api.post('/cliente/register', jsonField({ dni: '12345678' }))).resolves.toEqual({
      id: 1,
    });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/cliente/register');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ json: JSON.stringify({ dni: '12345678' }) }));
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Accept')).toBe('application/vnd.api+json');
    expect(headers.get('Content-Type')).toBe('application/vnd.api+json');
    expect(headers.get('X-App-Request')).toBe('true');
  });

  it('sends only the filters that are set', async () => {
    answer(200, {
      status: 'success',
      data: { current_page: 1, data: [], per_page: 20, total: 0, last_page: 1 },
    });
    await api.get('/clientes/', {
      search: 'ana',
      est: undefined,
      ficial: '',
      final: null,
      page: 2,
    });
    expect(sent().url).toBe('/api/clientes/?search=ana&page=2');
  });

  it('lets the browser type a multipart body', async () => {
    answer(200, { status: 'success', data: null });
    const form = new FormData();
    form.append('json', '{}');
    await api.form('/ajustes', form);
    expect(sent().headers.get('Content-Type')).toBeNull();
    expect(sent().init.body).toBe(form);
  });

  it('throws the status, the message and the field errors', async () => {
    answer(422, {
      status: 'error',
      message: 'Datos inválidos',
      errors: { dni: ['El DNI debe tener 8 dígitos'] },
    });
    const error: unknown = await api.put('/cliente', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Datos inválidos', sessionExpired: false });
    expect((error as InstanceType<typeof ApiError>).fieldError('dni')).toBe(
      'El DNI debe tener 8 dígitos',
    );
  });

  it("reports an unreachable server as 'Error de Servidor!'", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/me')).rejects.toMatchObject({
      status: 0,
      message: LOGIN_MESSAGES.serverError,
    });
  });

  it('ends the session once when several calls meet a 401 together', async () => {
    storeCredential('Bearer old', true);
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 'error', message: 'No autenticado' }), {
          status: 401,
        }),
      ),
    );
    const results = await Promise.allSettled([
      api.get('/clientes/'),
      api.get('/mascotas/'),
      api.get('/me'),
    ]);
    expect(
      results.every(
        (r) => r.status === 'rejected' && (r.reason as { sessionExpired: boolean }).sessionExpired,
      ),
    ).toBe(true);
    expect(notice.calls).toBe(1);
    // The credential stays until the user has read the notice.
    expect(getCredential()).toBe('Bearer old');
    notice.accept();
    await vi.waitFor(() => expect(getCredential()).toBeNull());
  });

  it('treats a 401 from /login as wrong credentials, not as an expired session', async () => {
    answer(401, { status: 'errorpwd', message: 'Credenciales incorrectas!' });
    await expect(
      api.post('/login', jsonField({ login: 'a', password: 'b' })),
    ).rejects.toMatchObject({
      status: 401,
      kind: 'errorpwd',
      sessionExpired: false,
    });
    expect(notice.calls).toBe(0);
    expect(sent().headers.get('Authorization')).toBeNull();
  });
});
