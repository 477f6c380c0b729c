/** Dark first; the light theme is a stored choice. */
const KEY = 'guildhall-theme';
export type Theme = 'dark' | 'light';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('light') ? 'light' : 'dark';
}

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle('light', theme === 'light');
  document.documentElement.classList.toggle('dark', theme === 'dark');
  localStorage.setItem(KEY, theme);
}

export function applyStoredTheme() {
  const stored = localStorage.getItem(KEY);
  if (stored === 'light' || stored === 'dark') setTheme(stored);
}
