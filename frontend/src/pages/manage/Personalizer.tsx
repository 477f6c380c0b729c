import type { PersonalizerSettings } from '@guildhall/generated/types';
import { type MutableRefObject, useCallback, useMemo, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useManagedGuild, useSettings } from '../../api/queries';
import { type FormValues, useFormValues } from '../../form/SchemaForm';
import { useSectionModule } from '../../form/section-module';
import { fieldTitles } from './personalizer/Outcomes';
import { ProfilePreview } from './personalizer/ProfilePreview';
import { StatusPanel } from './personalizer/StatusPanel';
import { usePersonalizerStatus } from './personalizer/use-personalizer';
import { SectionPage } from './SectionPage';

/** Rendered inside the form: hands the page the form's draft and its setter (Adopt puts Discord's nickname in it). */
function FormHandle({ target }: { target: MutableRefObject<FormValues | null> }) {
  target.current = useFormValues();
  return null;
}

/**
 * The Bot Personalizer (at /personalizer): the engine's form for the bot's nickname, avatar, banner and bio in this
 * server, beside Apply / Reset with what Discord said and how the saved profile compares with what is live, and a
 * live preview of the draft as members will see it.
 */
export default function Personalizer() {
  const { guildId = '' } = useParams();
  const settings = useSettings(guildId, 'personalizer');
  const status = usePersonalizerStatus(guildId);
  const guild = useManagedGuild(guildId);
  const module = useSectionModule('personalizer');
  const form = useRef<FormValues | null>(null);
  const titles = useMemo(() => fieldTitles(module.status === 'ready' ? module.module.schema : {}), [module]);
  const saved = settings.data?.settings;
  const adopt = useCallback((nick: string) => form.current?.patch({ nick }), []);

  const aside = (values: Partial<PersonalizerSettings>) => {
    const dirty = !!saved && JSON.stringify(values) !== JSON.stringify(saved);
    return (
      <div className="flex flex-col gap-6">
        <StatusPanel guildId={guildId} saved={saved} dirty={dirty} titles={titles} onAdopt={adopt} />
        <ProfilePreview guildId={guildId} guildName={guild.data?.name} values={values} bot={status.data?.bot} />
      </div>
    );
  };

  return <SectionPage section="personalizer" aside={aside} actions={<FormHandle target={form} />} />;
}
