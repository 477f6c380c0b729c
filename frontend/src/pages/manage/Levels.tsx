import type { LevelsSettings } from '@guildhall/generated/types';
import { Sparkles } from 'lucide-react';
import { useNavigate, useParams } from 'react-router-dom';
import { LazyDiscordMessage } from '../../components/discord/LazyDiscordMessage';
import { fillLevelUpPlaceholders, LEVEL_UP_PLACEHOLDERS } from './shared/placeholders';
import { BOT_AUTHOR, displayName, usePreviewContext } from './shared/preview-context';
import { IconCard } from './shared/IconCard';
import { SectionPage } from './SectionPage';

const SAMPLE_LEVEL = 5;
const SAMPLE_MEMBERS = 100;
const XP_TABLE = [1, 2, 5, 10, 20];

function XpRules() {
  return (
    <IconCard headingId="xp-rules" icon={Sparkles} title="XP rules">
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
        <li>Each message earns 1 to 20 XP.</li>
        <li>XP is earned at most once every 5 seconds per member.</li>
        <li>Level n needs n² × 100 XP (level squared times 100).</li>
      </ul>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">XP needed per level</caption>
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-1 font-semibold">
              Level
            </th>
            <th scope="col" className="py-1 font-semibold">
              XP needed
            </th>
          </tr>
        </thead>
        <tbody>
          {XP_TABLE.map((level) => (
            <tr key={level} className="border-t border-line">
              <td className="py-1">{level}</td>
              <td className="py-1 tabular-nums">{(level * level * 100).toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </IconCard>
  );
}

/** Levels (at /progression): the generated form, with the level-up preview and the XP rules beside it. */
export default function Levels() {
  const { guildId = '' } = useParams();
  const navigate = useNavigate();
  const preview = usePreviewContext(guildId);

  const aside = (values: Partial<LevelsSettings>) => {
    // An emptied message is missing from the draft: the preview then shows nothing rather than failing.
    const message = values.ranking ? (values.levelup_message ?? '') : null;
    return (
      <div className="flex flex-col gap-6">
        <section aria-labelledby="levelup-preview" className="card p-6">
          <h2 id="levelup-preview" className="text-lg font-semibold">
            Level-up preview
          </h2>
          <p className="mt-1 text-sm text-muted">
            A member reaching level {SAMPLE_LEVEL} on a server of {SAMPLE_MEMBERS} members. Placeholders: {LEVEL_UP_PLACEHOLDERS.join(', ')}
            , and \n for a new line.
          </p>
          <div className="mt-4 overflow-hidden rounded-lg" data-testid="levelup-preview">
            {message === null ? (
              <p className="bg-panel-2 p-4 text-sm text-muted">Turn XP and levels on to send level-up messages.</p>
            ) : (
              <LazyDiscordMessage
                author={BOT_AUTHOR}
                mentions={preview.mentions}
                message={{
                  content: fillLevelUpPlaceholders(message, {
                    userId: preview.user?.id ?? '0',
                    username: preview.user?.username ?? 'member',
                    displayName: preview.user ? displayName(preview.user) : 'Member',
                    serverName: preview.guild?.name ?? 'this server',
                    level: SAMPLE_LEVEL,
                    memberCount: SAMPLE_MEMBERS,
                  }),
                }}
              />
            )}
          </div>
        </section>
        <XpRules />
      </div>
    );
  };

  return (
    <SectionPage
      section="levels"
      aside={aside}
      actions={
        <button type="button" className="btn-secondary" onClick={() => navigate(-1)}>
          Cancel
        </button>
      }
    />
  );
}
