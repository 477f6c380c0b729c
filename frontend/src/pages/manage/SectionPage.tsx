import type { SectionName } from '@guildhall/generated/types';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { SchemaForm, type SchemaFormProps } from '../../form/SchemaForm';
import { SectionHeader } from './SectionHeader';

export type SectionPageProps<S extends SectionName> = {
  section: S;
  /** Page content under the form, full width (the transcripts table under the transcripts configuration). */
  after?: ReactNode;
} & Pick<SchemaFormProps<S>, 'aside' | 'actions'>;

/**
 * The page every section gets from the engine: its header and its generated form. A section with more to show
 * (a preview, a command list) registers a page of its own that still renders this, with an aside or actions.
 */
export function SectionPage<S extends SectionName>({ section, aside, actions, after }: SectionPageProps<S>) {
  const { guildId = '' } = useParams();
  return (
    <div className={`mx-auto ${aside ? 'max-w-6xl' : 'max-w-5xl'}`}>
      <SectionHeader section={section} />
      <SchemaForm guildId={guildId} section={section} aside={aside} actions={actions} />
      {after}
    </div>
  );
}

export default SectionPage;
