/**
 * What RJSF's utils use of fast-uri (findSchemaDefinition.js: `resolve` a $ref against its base, `equal` two $ids), as
 * RFC 3986 says it: the build puts this file in fast-uri's place (vite.config.ts), which drops 22 KB of the form engine
 * (about 7 KB brotli) that parse schemes, IPv6 and international hosts and refuse malformed URIs, none of which a
 * schema of ours holds: our $ids and $refs are the generator's (absolute https ids, relative file refs, JSON pointer
 * fragments). frontend/test/uri.test.ts compares both on every one of them and on RFC 3986's examples.
 */

interface Parts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

// RFC 3986, appendix B.
const PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#([\s\S]*))?$/;
const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443', ws: '80', wss: '443' };

/** `compared`: as `equal` reads it, a scheme's default port dropped (RFC 3986 6.2.3); `resolve` keeps the port. */
function parse(uri: string, compared = false): Parts {
  const [, scheme, authority, path = '', query, fragment] = PARTS.exec(uri)!;
  const parts: Parts = { path };
  if (scheme !== undefined) parts.scheme = scheme.toLowerCase();
  if (authority !== undefined) {
    // The host is case-insensitive (RFC 3986 6.2.2.1).
    const [, userinfo = '', host = '', port] = /^(.*@)?(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority) ?? [];
    const keepPort = port !== undefined && (!compared || (port !== '' && port !== DEFAULT_PORT[parts.scheme ?? '']));
    parts.authority = `${userinfo}${host.toLowerCase()}${keepPort ? `:${port}` : ''}`;
  }
  if (query !== undefined) parts.query = query;
  if (fragment !== undefined) parts.fragment = fragment;
  return parts;
}

/** RFC 3986 5.2.4; a relative path keeps its leading '..' segments, as fast-uri does. */
function removeDotSegments(path: string, relative = false): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.') {
      if (last) out.push('');
    } else if (segment === '..') {
      if (relative && (out.length === 0 || out.at(-1) === '..')) out.push('..');
      else if (out.length > 1 || (out.length === 1 && out[0] !== '')) out.pop();
      if (last) out.push('');
    } else out.push(segment);
  });
  return out.join('/');
}

function serialize({ scheme, authority, path, query, fragment }: Parts, compared = false): string {
  let uri = scheme !== undefined ? `${scheme}:` : '';
  if (authority !== undefined) uri += `//${authority}`;
  // Compared, an http(s) URI with an authority has at least '/' for a path (RFC 9110 4.2.3).
  uri += compared && authority !== undefined && path === '' && (scheme === 'http' || scheme === 'https') ? '/' : path;
  if (query !== undefined) uri += `?${query}`;
  if (fragment !== undefined) uri += `#${fragment}`;
  return uri;
}

/** `reference` resolved against `base` (RFC 3986 5.2.2). */
export function resolve(base: string, reference: string): string {
  const b = parse(base);
  const r = parse(reference);
  const target: Parts = { path: '' };
  if (r.scheme !== undefined) Object.assign(target, r, { path: removeDotSegments(r.path) });
  else {
    target.scheme = b.scheme;
    if (r.authority !== undefined) Object.assign(target, { authority: r.authority, path: removeDotSegments(r.path), query: r.query });
    else {
      target.authority = b.authority;
      if (r.path === '') {
        target.path = b.path;
        target.query = r.query ?? b.query;
      } else {
        let path = r.path;
        if (path[0] !== '/')
          path = b.authority !== undefined && b.path === '' ? `/${path}` : b.path.slice(0, b.path.lastIndexOf('/') + 1) + path;
        const relative = b.scheme === undefined && b.authority === undefined && path[0] !== '/';
        target.path = removeDotSegments(path, relative);
        target.query = r.query;
      }
    }
  }
  if (r.fragment !== undefined) target.fragment = r.fragment;
  for (const key of Object.keys(target) as (keyof Parts)[]) if (target[key] === undefined) delete target[key];
  return serialize(target);
}

/** Whether two URIs name the same thing once normalised (scheme and host in lower case, no default port). */
export function equal(a: string, b: string): boolean {
  const normal = (uri: string) => {
    const parts = parse(uri, true);
    return serialize({ ...parts, path: removeDotSegments(parts.path, true) }, true);
  };
  return normal(a) === normal(b);
}

export default { resolve, equal };
