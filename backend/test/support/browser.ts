/**
 * A minimal cookie-keeping HTTP client that follows nothing by itself, so tests can walk the OAuth2
 * redirects step by step over real HTTP, as a browser would.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(pathOrUrl: string, init: RequestInit & { json?: unknown; csrf?: boolean } = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    if (init.csrf !== false && init.method && !['GET', 'HEAD'].includes(init.method.toUpperCase())) {
      const token = this.cookies.get('XSRF-TOKEN');
      if (token) headers.set('x-xsrf-token', decodeURIComponent(token));
    }
    const res = await fetch(url, { ...init, body, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a)) || attrs.some((a) => /^\s*max-age=0/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** GET that also primes the XSRF-TOKEN cookie. */
  async json<T = any>(
    path: string,
    init: RequestInit & { json?: unknown; csrf?: boolean } = {},
  ): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.request(path, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
  }

  /** Signs in through the sandbox's OAuth2 flow: /api/login -> authorize?login_as -> /api/callback. */
  async signIn(username: string, returnTo?: string): Promise<Response> {
    const start = await this.request(`/api/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
    if (start.status !== 302) throw new Error(`login did not redirect: ${start.status}`);
    const authorize = new URL(start.headers.get('location')!);
    authorize.searchParams.set('login_as', username);
    const approved = await this.request(authorize.toString());
    if (approved.status !== 302) throw new Error(`authorize did not redirect: ${approved.status} ${await approved.text()}`);
    const callback = await this.request(approved.headers.get('location')!);
    return callback;
  }
}
