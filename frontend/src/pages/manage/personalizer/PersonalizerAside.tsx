import type { PersonalizerSettings } from '@guildhall/generated/types';
import { useManagedGuild } from '../../../api/queries';
import { useFieldTitles } from './Outcomes';
import { ProfilePreview } from './ProfilePreview';
import { StatusPanel } from './StatusPanel';
import { usePersonalizerStatus } from './use-personalizer';

/** Beside the Bot Personalizer's form: Apply, Reset and the status above the live preview (below the form on a phone). */
export function PersonalizerAside({
  guildId,
  values,
  saved,
  onAdopt,
}: {
  guildId: string;
  /** The form's draft. */
  values: Partial<PersonalizerSettings>;
  /** The document as saved. */
  saved: PersonalizerSettings | undefined;
  onAdopt(nick: string): void;
}) {
  const status = usePersonalizerStatus(guildId);
  const guild = useManagedGuild(guildId);
  const titles = useFieldTitles();
  // As the form counts a change: what Save would send differs from what was loaded.
  const dirty = !!saved && JSON.stringify(values) !== JSON.stringify(saved);
  return (
    <div className="flex flex-col gap-6">
      <StatusPanel guildId={guildId} saved={saved} dirty={dirty} titles={titles} onAdopt={onAdopt} />
      <ProfilePreview guildId={guildId} guildName={guild.data?.name} values={values} bot={status.data?.bot} />
    </div>
  );
}
