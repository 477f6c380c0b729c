// The sandbox's stand-in for Discord's consent screen: plain HTML, no script, usable by keyboard and
// screen reader, so a person (or a Playwright test) can choose who to be.

import { escapeHtml, sandboxPage } from '@guildhall/backend/http/html';

export interface DemoUserChoice {
  username: string;
  displayName: string;
  /** One line on what this person can do, e.g. "Owns Guildhall Community, Pixel Painters". */
  abilities: string[];
}

export interface AuthorizePageModel {
  appName: string;
  /** Every OAuth2 parameter of the request, sent back unchanged with the choice. */
  hidden: Record<string, string>;
  scopes: string[];
  demoUsers: DemoUserChoice[];
  otherUsers: Array<{ username: string; displayName: string }>;
  /** Bot invites: the server named in the link, or the servers to choose from. */
  botInvite?: { guildName?: string; guildChoices?: Array<{ id: string; name: string }> };
}

const SCOPE_TEXT: Record<string, string> = {
  identify: 'Access your username, avatar and banner',
  email: 'Access your email address',
  guilds: 'Know what servers you are in',
  'guilds.members.read': 'Read your member info (nickname, roles) in your servers',
  'guilds.join': 'Join servers for you',
  bot: 'Add a bot to a server',
  'applications.commands': 'Create commands in a server',
  connections: 'Access your third-party connections',
  openid: 'Sign you in with OpenID Connect',
};

/** The authorize page's own rules, over the sandboxes' shared style (http/html.ts). */
const STYLE = `
  ul.scopes { padding-left: 1.25rem; }
  .choices { display: grid; gap: 0.5rem; }
  button.user { display: block; width: 100%; text-align: left; padding: 0.75rem 1rem; background: transparent; border: 1px solid var(--muted); }
  button.user strong { display: block; }
  button.user span { color: var(--muted); font-size: 0.9rem; }
  button.user:hover { border-color: var(--accent); }
  button.secondary, button.primary { padding: 0.5rem 1rem; border: 1px solid var(--muted); background: transparent; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  select { font: inherit; padding: 0.4rem; border-radius: 6px; max-width: 100%; }
  label { display: block; margin-bottom: 0.25rem; }
  .row { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: end; }
`;

function page(title: string, body: string): string {
  return sandboxPage(title, body, STYLE);
}

function hiddenInputs(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

export function renderAuthorizePage(model: AuthorizePageModel): string {
  const scopes = model.scopes.map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  const users = model.demoUsers
    .map(
      (
        u,
        i,
      ) => `<button class="user" type="submit" name="login_as" value="${escapeHtml(u.username)}" aria-describedby="user-${i}-abilities">
  <strong>${escapeHtml(u.displayName)} (${escapeHtml(u.username)})</strong>
  <span id="user-${i}-abilities">${escapeHtml(u.abilities.join('. '))}</span>
</button>`,
    )
    .join('\n');
  let invite = '';
  if (model.botInvite?.guildName) {
    invite = `<p>This adds <strong>${escapeHtml(model.appName)}</strong> to <strong>${escapeHtml(model.botInvite.guildName)}</strong>. You need Manage Server there.</p>`;
  } else if (model.botInvite?.guildChoices) {
    const options = model.botInvite.guildChoices.map((g) => `<option value="${escapeHtml(g.id)}">${escapeHtml(g.name)}</option>`).join('');
    invite = `<label for="guild">Add ${escapeHtml(model.appName)} to server</label>
<select id="guild" name="guild_id" required>${options}</select>`;
  }
  const others = model.otherUsers
    .map((u) => `<option value="${escapeHtml(u.username)}">${escapeHtml(u.displayName)} (${escapeHtml(u.username)})</option>`)
    .join('');
  const body = `<h1>Sign in to ${escapeHtml(model.appName)} with the Discord sandbox</h1>
<p class="note">This is an offline stand-in for Discord. Nobody's password is asked: choose who you want to be.</p>
<h2>${escapeHtml(model.appName)} wants to</h2>
<ul class="scopes">${scopes}</ul>
<form method="post">
${hiddenInputs(model.hidden)}
${invite}
<fieldset>
<legend>Continue as a demo user</legend>
<div class="choices">
${users}
</div>
</fieldset>
<div class="row"><button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>
<form method="post">
${hiddenInputs(model.hidden)}
${model.botInvite?.guildChoices ? invite.replace('id="guild"', 'id="guild-other"').replace('for="guild"', 'for="guild-other"') : ''}
<fieldset>
<legend>Or continue as another member</legend>
<div class="row">
<div><label for="other-user">Member</label>
<select id="other-user" name="login_as">${others}</select></div>
<button class="primary" type="submit">Continue as this member</button>
</div>
</fieldset>
</form>`;
  return page(`Authorize ${model.appName} - Discord sandbox`, body);
}

export function renderMessagePage(title: string, message: string): string {
  return page(`${title} - Discord sandbox`, `<h1>${escapeHtml(title)}</h1>\n<p role="status">${escapeHtml(message)}</p>`);
}
