import { Crown, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PremiumState } from '../../components/premium/use-premium';
import type { MenuItem } from '../manage-menu';

/**
 * The (i) beside a sidebar entry: what the feature does, and a link to its docs; for a premium feature, the note read
 * with the guild's plan: the spec's upgrade note on the free tier, the plan that includes it on a paid one.
 */
export function ItemInfo({ item, premium }: { item: MenuItem; premium: PremiumState }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    // Any click anywhere closes it, including one inside the tooltip after its link works.
    const close = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const t = setTimeout(() => document.addEventListener('click', close), 0);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(t);
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const id = `info-${item.path}`;
  return (
    <span className="relative">
      <button
        type="button"
        aria-label={`About ${item.name}`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className="rounded p-1 text-muted hover:text-fg"
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen((o) => !o);
        }}
      >
        <Info aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <span
          id={id}
          role="tooltip"
          className="card absolute top-7 right-0 z-50 block w-max max-w-[300px] p-3 text-left text-xs font-normal text-fg shadow-xl"
        >
          <span className="block">{item.description ?? 'No description available'}</span>
          {item.premium && (
            <span className="mt-2 flex items-start gap-1 text-warn">
              <Crown aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <strong className="block">Premium Feature</strong>
                {premium.state === 'locked' && 'Upgrade to premium to unlock this feature.'}
                {premium.state === 'included' && `Included in your ${premium.premium.planName} plan.`}
              </span>
            </span>
          )}
          {!(item.premium && premium.state === 'locked') && (
            <Link to={`/docs#${item.path}`} className="mt-2 block text-brand underline">
              Learn more about this feature
            </Link>
          )}
        </span>
      )}
    </span>
  );
}
