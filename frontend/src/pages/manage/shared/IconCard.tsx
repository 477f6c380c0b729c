import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A card of a manage page titled with an icon (Moderation's commands, Levels' XP rules, the saved transcripts). */
export function IconCard({
  headingId,
  icon: Icon,
  title,
  className = 'card p-6',
  children,
}: {
  headingId: string;
  icon: LucideIcon;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand" /> {title}
      </h2>
      {children}
    </section>
  );
}
