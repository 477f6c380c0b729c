import type { PaymentCreateRequest, Plan, PlanPeriod, User } from '@guildhall/generated/types';
import { CreditCard, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, client } from '../../api/client';
import { planTerm } from '../premium/plan-status';
import { fieldErrors, RequiredLabel } from './form-fields';
import { purchaseGuilds } from './purchase-guilds';

type Field = 'guildId' | 'email' | 'discordId';
const FIELDS: readonly Field[] = ['guildId', 'email', 'discordId'];
export const SELECT_A_SERVER = 'Please select a server';

/** What a result page shows about the order when no order id came back: planType, period, guildId, amount. */
export interface PaymentState {
  planType: string;
  period: string;
  guildId: string;
  amount: number;
  /** Why the failed page was reached: the server's words. */
  reason?: string;
}

/**
 * The purchase form: the server the plan is for, the receipt email and the buyer's Discord user ID. A
 * returned paymentUrl leaves the app for the provider; without one the pending page takes over; any error goes to the
 * failed page, except a 400 naming fields, which stays here so the buyer can fix them.
 */
export function PurchaseForm({ user, plan, period }: { user: User; plan: Plan; period: PlanPeriod }) {
  const navigate = useNavigate();
  const guilds = useMemo(() => purchaseGuilds(user.guilds ?? []), [user.guilds]);
  const ids = { guildId: useId(), email: useId(), discordId: useId(), form: useId() };
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    guildId: guilds[0]?.id ?? '',
    email: user.email ?? '',
    discordId: user.discord_id,
  }));
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; form?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const inputs = {
    guildId: useRef<HTMLSelectElement>(null),
    email: useRef<HTMLInputElement>(null),
    discordId: useRef<HTMLInputElement>(null),
  };

  // The first field at fault takes focus once it is rendered enabled again (the form is disabled while it sends).
  const focusNext = useRef<Field | null>(null);
  useEffect(() => {
    const field = focusNext.current;
    if (!field || busy) return;
    focusNext.current = null;
    inputs[field].current?.focus();
  });

  if (guilds.length === 0)
    return (
      <section aria-labelledby="no-server-heading" className="card mt-6 p-6 text-center">
        <h2 id="no-server-heading" className="text-lg font-semibold">
          No server to upgrade
        </h2>
        <p className="mt-2 text-muted">
          {user.guildsError ??
            'A plan is bought for a server where Guildhall is and where you are the owner or have Manage Server or Administrator.'}
        </p>
        <Link to="/selector" className="btn-primary mt-4">
          Invite the bot to a server
        </Link>
      </section>
    );

  const amount = plan.prices[period.key];
  const order = { planType: plan.slug, period: period.key, guildId: values.guildId, amount };

  const fail = (fields: Partial<Record<Field, string>>, form?: string) => {
    setErrors({ fields, form });
    focusNext.current = FIELDS.find((f) => fields[f]) ?? null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!values.guildId) return fail({ guildId: SELECT_A_SERVER });
    setErrors({ fields: {} });
    setBusy(true);
    const request: PaymentCreateRequest = { ...order, email: values.email.trim(), discordId: values.discordId.trim() };
    try {
      const answer = await client.createPayment(request);
      if (answer.paymentUrl) {
        // The provider's page: the app is left, so the busy state stays until the browser goes.
        window.location.assign(answer.paymentUrl);
        return;
      }
      navigate('/premium/payment/pending', { state: order satisfies PaymentState });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 400 && err.fieldErrors.length > 0) {
        const fields: Partial<Record<Field, string>> = {};
        const other: string[] = [];
        for (const { path, message } of err.fieldErrors) {
          const field = path.replace(/^\//, '') as Field;
          if (FIELDS.includes(field)) fields[field] ??= message;
          else other.push(message);
        }
        return fail(fields, other.length ? other.join(' ') : Object.keys(fields).length ? undefined : err.message);
      }
      const reason = err instanceof Error ? err.message : undefined;
      navigate('/premium/payment/failed', { state: { ...order, reason } satisfies PaymentState });
    }
  };

  const { describedBy, fieldError } = fieldErrors(ids, errors.fields);
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors.fields[field]) setErrors((all) => ({ ...all, fields: { ...all.fields, [field]: undefined } }));
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${ids.form}-heading`}
      aria-busy={busy || undefined}
      className="card mt-6 space-y-5 p-6"
    >
      <h2 id={`${ids.form}-heading`} className="text-lg font-semibold">
        Your details
      </h2>
      {errors.form && (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          {errors.form}
        </p>
      )}
      <div>
        <RequiredLabel htmlFor={ids.guildId}>Server</RequiredLabel>
        <select
          id={ids.guildId}
          ref={inputs.guildId}
          className="field-input"
          value={values.guildId}
          onChange={set('guildId')}
          aria-required="true"
          aria-invalid={errors.fields.guildId ? true : undefined}
          aria-describedby={describedBy('guildId', `${ids.guildId}-hint`)}
          disabled={busy}
        >
          <option value="">Select a server</option>
          {guilds.map((g) => {
            const term = planTerm(g.premium);
            return (
              <option key={g.id} value={g.id}>
                {g.name} ({g.premium ? `${g.premium.planName}${term ? `, ${term}` : ''}` : 'Free'})
              </option>
            );
          })}
        </select>
        {fieldError('guildId')}
        <p id={`${ids.guildId}-hint`} className="mt-1 text-xs text-muted">
          Servers where Guildhall is and you have Manage Server or Administrator, with their current plan. Buying the plan a server already
          has extends it.
        </p>
      </div>
      <div>
        <RequiredLabel htmlFor={ids.email}>Email</RequiredLabel>
        <input
          id={ids.email}
          ref={inputs.email}
          type="email"
          required
          autoComplete="email"
          className="field-input"
          value={values.email}
          onChange={set('email')}
          aria-invalid={errors.fields.email ? true : undefined}
          aria-describedby={describedBy('email', `${ids.email}-hint`)}
          disabled={busy}
        />
        {fieldError('email')}
        <p id={`${ids.email}-hint`} className="mt-1 text-xs text-muted">
          The receipt is sent here.
        </p>
      </div>
      <div>
        <RequiredLabel htmlFor={ids.discordId}>Discord User ID</RequiredLabel>
        <input
          id={ids.discordId}
          ref={inputs.discordId}
          type="text"
          required
          inputMode="numeric"
          autoComplete="off"
          className="field-input"
          value={values.discordId}
          onChange={set('discordId')}
          aria-invalid={errors.fields.discordId ? true : undefined}
          aria-describedby={describedBy('discordId')}
          disabled={busy}
        />
        {fieldError('discordId')}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? (
          <>
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Redirecting to payment...
          </>
        ) : (
          <>
            <CreditCard aria-hidden="true" className="h-4 w-4" /> Continue to Payment
          </>
        )}
      </button>
      <p aria-live="polite" className="sr-only">
        {busy ? 'Redirecting to payment...' : ''}
      </p>
    </form>
  );
}
