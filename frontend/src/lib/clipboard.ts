/** How long copy feedback ("Copied!") stays: 2 s. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * Copies text: the Clipboard API, or, where it is missing or refused (permissions, insecure origin), a hidden
 * textarea and the legacy copy command. Rejects when neither works, so the caller can say so.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no Clipboard API');
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy refused');
  }
}
