import { fillRefusal, refusals } from '@guildhall/generated/refusals';

/** The server's words for read-only access to a section or collection (a chunk of its own: ReadOnlyReason). */
export default function ReadOnlyWords({ title }: { title: string }) {
  return <>{fillRefusal(refusals.accessReadOnly, { section: title })}</>;
}
