/** The accent of icons and highlighted words on public pages, readable on the dark and on the light theme. */
export const ACCENT_TEXT = 'text-indigo-300 [.light_&]:text-indigo-700';
export const ACCENT_GRADIENT =
  'bg-gradient-to-r from-indigo-300 to-sky-300 [.light_&]:from-indigo-700 [.light_&]:to-sky-700 bg-clip-text text-transparent';
