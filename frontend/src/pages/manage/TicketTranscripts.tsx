import { useParams } from 'react-router-dom';
import { SectionPage } from './SectionPage';
import { SavedTranscripts } from './ticket-transcripts/SavedTranscripts';

/** /manage/{guildId}/tickets/transcript: the transcripts configuration form, then the saved transcripts. */
export default function TicketTranscripts() {
  const { guildId = '' } = useParams();
  return <SectionPage section="transcripts" after={<SavedTranscripts guildId={guildId} />} />;
}
