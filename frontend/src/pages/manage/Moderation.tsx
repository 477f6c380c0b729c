import { Terminal } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useSettings } from '../../api/queries';
import { IconCard } from './shared/IconCard';
import { SectionPage } from './SectionPage';

/** The bot's moderation commands, written with the server's prefix ('.' by default). */
export const MODERATION_COMMANDS: { usage: string; description: string }[] = [
  { usage: 'warn @member [reason]', description: 'Warn a member; at the threshold the enforcement action applies.' },
  { usage: 'warnings @member', description: "List a member's warnings." },
  { usage: 'clearwarns @member', description: "Clear a member's warnings." },
  { usage: 'mute @member [duration] [reason]', description: 'Time a member out (24 hours by default).' },
  { usage: 'unmute @member', description: "End a member's timeout." },
  { usage: 'kick @member [reason]', description: 'Remove a member from the server.' },
  { usage: 'ban @member [reason]', description: 'Ban a member.' },
  { usage: 'unban <user id>', description: 'Lift a ban.' },
  { usage: 'purge <1-100>', description: 'Delete recent messages in this channel.' },
  { usage: 'slowmode <seconds>', description: "Set this channel's slowmode." },
  { usage: 'lock', description: 'Stop members from sending messages in this channel.' },
  { usage: 'unlock', description: 'Let members send messages in this channel again.' },
];

function CommandList({ prefix }: { prefix: string }) {
  return (
    <IconCard headingId="mod-commands" icon={Terminal} title="Moderation commands">
      <p className="mt-1 text-sm text-muted">
        Type these in any channel the bot can read. Prefix: <code className="rounded bg-panel-2 px-1">{prefix}</code>
      </p>
      <ul className="mt-4 space-y-3">
        {MODERATION_COMMANDS.map((c) => (
          <li key={c.usage}>
            <code className="rounded bg-panel-2 px-1.5 py-0.5 font-mono text-sm">
              {prefix}
              {c.usage}
            </code>
            <p className="mt-1 text-xs text-muted">{c.description}</p>
          </li>
        ))}
      </ul>
    </IconCard>
  );
}

/** Moderation: the generated form, with the commands written with the server's prefix beside it. */
export default function Moderation() {
  const { guildId = '' } = useParams();
  const basic = useSettings(guildId, 'basic');
  const prefix = basic.data?.settings.prefix || '.';
  return <SectionPage section="moderation" aside={() => <CommandList prefix={prefix} />} />;
}
