/** Where to go after sign-in: kept in sessionStorage, never for / or /login, used once. */
export const REDIRECT_KEY = 'redirectAfterLogin';

export function rememberRedirect(path: string) {
  const bare = path.split(/[?#]/)[0];
  if (bare === '/' || bare === '/login') return;
  sessionStorage.setItem(REDIRECT_KEY, path);
}

export function takeRedirect(): string | null {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  if (path) sessionStorage.removeItem(REDIRECT_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function peekRedirect(): string | null {
  return sessionStorage.getItem(REDIRECT_KEY);
}
