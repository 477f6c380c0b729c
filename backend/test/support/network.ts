/**
 * Real network shapes for tests: requests from a chosen loopback address (on Linux all of 127.0.0.0/8 is the
 * loopback, so two clients get two different `req.ip`s), and a reverse proxy in front of the app that does what
 * nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PlainResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request whose connection leaves from `localAddress` (e.g. 127.0.0.2). */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A client at one address that keeps cookies and echoes the CSRF cookie on writes, like the web app. */
export class ClientAt {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly address: string,
    readonly baseUrl: string,
  ) {}

  async request(path: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}): Promise<PlainResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (init.method && init.method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await requestFrom(this.address, `${this.baseUrl}${path}`, { method: init.method, headers, body });
    for (const line of res.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    return res;
  }
}

export interface ReverseProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy that terminated TLS (it says `X-Forwarded-Proto: https`) and appends the address it saw to
 * X-Forwarded-For, keeping whatever the client sent before it, as nginx's $proxy_add_x_forwarded_for does.
 */
export async function startReverseProxy(target: string): Promise<ReverseProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    const headers = {
      ...req.headers,
      'x-forwarded-for': prior ? `${String(prior)}, ${peer}` : peer,
      'x-forwarded-proto': 'https',
    };
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
