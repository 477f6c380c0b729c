import { parseRoleMenuCustomId } from '@guildhall/common/role-menu';
import { Eye } from 'lucide-react';
import { useId, useState } from 'react';
import type { PostedMessage, SimulatedRole, ViewerGuild, useSimulateRoleMenu } from '../../api/sandbox-viewer';
import { DiscordMarkdown, type MentionNames } from '../../components/discord';
import { hexColour } from '../../components/discord/Markdown';

// A message the bot posted with a role menu (buttons or a select whose custom_id names a menu) or with reactions,
// made usable in the viewer: the person acts as a demo member of the guild, and the sandbox plays what the bot does.

type Emoji = { name?: string | null; id?: string | null };
interface MenuButton {
  type: 2;
  style: number;
  label?: string;
  emoji?: Emoji;
  custom_id?: string;
  disabled?: boolean;
}
interface MenuSelect {
  type: 3;
  custom_id: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options: { label: string; value: string; description?: string; emoji?: Emoji }[];
}
interface Reaction {
  emoji: { id: string | null; name: string | null };
  count: number;
}
type Component = { type: number; custom_id?: string; components?: Component[] };

const ours = (c: Component) => (c.type === 2 || c.type === 3) && typeof c.custom_id === 'string' && !!parseRoleMenuCustomId(c.custom_id);
const rowsOf = (message: PostedMessage) => (message.components ?? []) as Component[];
const reactionsOf = (message: PostedMessage) => ((message as { reactions?: Reaction[] }).reactions ?? []).filter((r) => r.emoji.name);

/** Whether the viewer can act on the message: a role menu's buttons or select, or reactions under it. */
export function isRoleMenuMessage(message: PostedMessage): boolean {
  return rowsOf(message).some((row) => (row.components ?? []).some(ours)) || reactionsOf(message).length > 0;
}

/** The message without what the controls draw (the menu's components, the reactions), for the Discord renderer. */
export function withoutRoleMenu(message: PostedMessage): PostedMessage {
  const { reactions: _drawnByControls, ...rest } = message as PostedMessage & { reactions?: unknown };
  const components = rowsOf(message)
    .map((row) => ({ ...row, components: (row.components ?? []).filter((c) => !ours(c)) }))
    .filter((row) => row.type !== 1 || row.components.length > 0);
  return { ...rest, components: components as PostedMessage['components'] };
}

/** An emoji as the reaction routes (and the simulation) name it. */
const reactionKey = (emoji: Reaction['emoji']) => (emoji.id ? `${emoji.name}:${emoji.id}` : (emoji.name ?? ''));
const emojiText = (emoji: Emoji | undefined) => (emoji?.name ? (emoji.id ? `:${emoji.name}:` : emoji.name) : '');

const BUTTON_STYLES: Record<number, string> = {
  1: 'bg-[#5865f2] hover:bg-[#4752c4]',
  2: 'bg-[#4e5058] hover:bg-[#6d6f78]',
  3: 'bg-[#248046] hover:bg-[#1a6334]',
  4: 'bg-[#da373c] hover:bg-[#a12828]',
};
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#00a8fc]';

/** The member the person acts as: the guild's human members, demo-member first when it is there. */
export function actingMembers(guild: ViewerGuild) {
  const humans = guild.members.filter((m) => !m.bot);
  const demo = humans.find((m) => m.username === 'demo-member');
  return demo ? [demo, ...humans.filter((m) => m !== demo)] : humans;
}

function RoleChips({ roles, label }: { roles: SimulatedRole[]; label: string }) {
  return (
    <div className="min-w-0 flex-1">
      <h4 className="text-xs font-semibold tracking-wide text-[#b5bac1] uppercase">{label}</h4>
      {roles.length === 0 ? (
        <p className="mt-1 text-sm text-[#949ba4]">No roles</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1" aria-label={label}>
          {roles.map((r) => (
            <li key={r.id} className="inline-flex items-center gap-1.5 rounded bg-[#1e1f22] px-2 py-0.5 text-sm text-[#dbdee1]">
              <span
                aria-hidden="true"
                className="h-3 w-3 shrink-0 rounded-full"
                style={{ background: r.color ? hexColour(r.color) : '#99aab5' }}
              />
              {r.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface RoleMenuControlsProps {
  guild: ViewerGuild;
  channelId: string;
  message: PostedMessage;
  /** Who reacted with what on this message (by emoji as the routes name it). */
  reactors: Record<string, string[]>;
  actingUserId: string;
  mentions: MentionNames;
  simulation: ReturnType<typeof useSimulateRoleMenu>;
}

/** The menu's buttons, its select and the reactions, usable as the chosen member; the result under them. */
export function RoleMenuControls({ guild, channelId, message, reactors, actingUserId, mentions, simulation }: RoleMenuControlsProps) {
  const rows = rowsOf(message)
    .map((row) => (row.components ?? []).filter(ours) as (MenuButton | MenuSelect)[])
    .filter((row) => row.length > 0);
  const reactions = reactionsOf(message);
  const mine = simulation.variables?.messageId === message.id;
  const busy = simulation.isPending;
  const act = (action: Parameters<typeof simulation.mutate>[0]['action']) =>
    simulation.mutate({ guildId: guild.id, userId: actingUserId, channelId, messageId: message.id, action });
  const acting = guild.members.find((m) => m.id === actingUserId);
  const actingName = acting ? (acting.nick ?? acting.global_name ?? acting.username) : '';

  return (
    <div className="bg-[#313338] px-4 pb-3 sm:pl-[72px]">
      <div className="flex flex-col gap-2">
        {rows.map((row, i) => (
          <div key={i} className="flex flex-wrap gap-2">
            {row.map((c) =>
              c.type === 2 ? (
                <button
                  key={c.custom_id}
                  type="button"
                  disabled={busy || c.disabled || !actingUserId}
                  onClick={() => act({ type: 'button', customId: c.custom_id! })}
                  className={`inline-flex min-h-8 items-center gap-1.5 rounded px-4 py-1 text-sm font-medium text-white disabled:opacity-60 ${BUTTON_STYLES[c.style] ?? BUTTON_STYLES[2]} ${FOCUS}`}
                >
                  {c.emoji?.name && <span aria-hidden="true">{emojiText(c.emoji)}</span>}
                  {c.label ?? <span className="sr-only">{emojiText(c.emoji)}</span>}
                </button>
              ) : (
                <SelectMenu
                  key={c.custom_id}
                  select={c}
                  disabled={busy || !actingUserId}
                  onSubmit={(values) => act({ type: 'select', customId: c.custom_id, values })}
                />
              ),
            )}
          </div>
        ))}
        {reactions.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Reactions">
            {reactions.map((r) => {
              const key = reactionKey(r.emoji);
              const pressed = (reactors[key] ?? []).includes(actingUserId);
              return (
                <li key={key}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    aria-label={`${emojiText(r.emoji)} ${r.count}`}
                    disabled={busy || !actingUserId}
                    onClick={() => act({ type: 'reaction', emoji: key })}
                    className={`inline-flex min-h-8 items-center gap-1.5 rounded-lg border px-2 py-0.5 text-sm disabled:opacity-60 ${pressed ? 'border-[#5865f2] bg-[#5865f2]/25 text-white' : 'border-transparent bg-[#2b2d31] text-[#b5bac1] hover:border-[#4e5058]'} ${FOCUS}`}
                  >
                    <span aria-hidden="true">{emojiText(r.emoji)}</span>
                    <span aria-hidden="true" className="font-semibold">
                      {r.count}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div aria-live="polite">
        {mine && simulation.isPending && <p className="mt-2 text-sm text-[#b5bac1]">{actingName} is choosing...</p>}
        {mine && simulation.isError && (
          <p role="alert" className="mt-2 text-sm text-[#fa777c]">
            Could not use the role menu: {simulation.error.message}
          </p>
        )}
        {mine && simulation.isSuccess && <ChoiceResult result={simulation.data} mentions={mentions} />}
      </div>
    </div>
  );
}

function ChoiceResult({
  result,
  mentions,
}: {
  result: NonNullable<ReturnType<typeof useSimulateRoleMenu>['data']>;
  mentions: MentionNames;
}) {
  const roleName = (id: string) => mentions.roles?.[id]?.name ?? id;
  return (
    <section aria-label={`What happened for ${result.userName}`} className="mt-3 rounded-md border border-[#3f4147] bg-[#2b2d31] p-3">
      <p className="text-sm text-[#dbdee1]">
        As <strong>{result.userName}</strong>
        {result.reaction ? `: reaction ${result.reaction}` : ''}
        {result.refused ? ': the menu refused the choice.' : '.'}
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <RoleChips roles={result.before} label="Roles before" />
        <RoleChips roles={result.after} label="Roles after" />
      </div>
      {result.failed.length > 0 && (
        <ul className="mt-2 text-sm text-[#fa777c]">
          {result.failed.map((f) => (
            <li key={f.roleId}>
              Discord refused {roleName(f.roleId)}: {f.reason}
            </li>
          ))}
        </ul>
      )}
      {result.reply && (
        // An ephemeral reply, as Discord shows one: only the member who chose sees it.
        <div className="mt-3 border-l-2 border-[#5865f2] pl-3">
          <div className="text-[15px] text-[#dbdee1]">
            <DiscordMarkdown text={result.reply} mentions={mentions} />
          </div>
          <p className="mt-1 flex items-center gap-1 text-xs text-[#949ba4]">
            <Eye aria-hidden="true" className="h-3.5 w-3.5" /> Only you can see this
          </p>
        </div>
      )}
    </section>
  );
}

/** A string select as a list of choices (check boxes, or radio buttons for one), submitted at once, as Discord sends it. */
function SelectMenu({ select, disabled, onSubmit }: { select: MenuSelect; disabled: boolean; onSubmit: (values: string[]) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const name = useId();
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  const single = max === 1;
  const inRange = chosen.length >= min && chosen.length <= max;
  const legend = select.placeholder || 'Choose';
  const toggle = (value: string, on: boolean) =>
    setChosen((now) => (single ? (on ? [value] : []) : on ? [...now, value] : now.filter((v) => v !== value)));
  return (
    <fieldset className="w-full max-w-md rounded border border-[#1e1f22] bg-[#2b2d31] p-2">
      <legend className="px-1 text-sm text-[#b5bac1]">{legend}</legend>
      <ul className="flex flex-col">
        {select.options.map((o) => (
          <li key={o.value}>
            <label className="flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm text-[#dbdee1] hover:bg-[#35373c]">
              <input
                type={single ? 'radio' : 'checkbox'}
                name={name}
                className="mt-1"
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              {o.emoji?.name && <span aria-hidden="true">{emojiText(o.emoji)}</span>}
              <span className="min-w-0">
                <span className="block">{o.label}</span>
                {o.description && <span className="block text-xs text-[#949ba4]">{o.description}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-2 px-1">
        <button
          type="button"
          disabled={disabled || !inRange}
          onClick={() => onSubmit(chosen)}
          className={`rounded bg-[#5865f2] px-3 py-1 text-sm font-medium text-white hover:bg-[#4752c4] disabled:opacity-60 ${FOCUS}`}
        >
          Submit choice
        </button>
        <span className="text-xs text-[#949ba4]">{min === max ? `Choose ${min}` : `Choose ${min} to ${max}`}</span>
      </div>
    </fieldset>
  );
}
