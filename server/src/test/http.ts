import type { App } from '../app';

type InjectResponse = Awaited<ReturnType<App['inject']>>;

/** Status and parsed body of an injected call; assertions read whatever shape they expect. */
export function answerOf(res: InjectResponse) {
  return { status: res.statusCode, body: res.json<Record<string, any>>() }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary response shapes
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An authenticated caller that sends bodies the way the spec's client does. */
export function apiClient(app: App, token: string) {
  const call = async (method: Method, url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: {
        authorization: token,
        accept: 'application/vnd.api+json',
        'x-app-request': 'true',
        ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return answerOf(res);
  };
  return {
    get: (url: string) => call('GET', url),
    delete: (url: string) => call('DELETE', url),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    /** Create and update bodies travel as the serialized `json` field. */
    post: (url: string, body: unknown) => call('POST', url, { json: JSON.stringify(body) }),
    put: (url: string, body: unknown) => call('PUT', url, { json: JSON.stringify(body) }),
    raw: call,
  };
}
