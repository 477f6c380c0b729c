import { useParams } from 'react-router-dom';
import { SchemaForm } from '../../form/SchemaForm';
import { useDocumentMeta } from '../../lib/use-document-meta';

/** Server Settings: prefix, invite tracking, translation flag — entirely from schemas/settings/basic.json. */
export default function BasicSettings() {
  const { guildId = '' } = useParams();
  useDocumentMeta('Server Settings', 'The bot prefix, invite tracking and translation for this server.');
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Server Settings</h1>
      <p className="mt-1 mb-6 text-muted">The bot's prefix and the basics for this server.</p>
      <SchemaForm guildId={guildId} section="basic" />
    </div>
  );
}
