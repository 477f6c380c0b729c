import contactFile from '@guildhall/generated/schema.contact-message.json';
import type { ContactMessage, FieldError } from '@guildhall/generated/types';
import { BookOpen, CheckCircle2, HelpCircle, Mail, MessagesSquare, Send, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useSendContactMessage } from '../../api/queries';
import { useAuth } from '../../auth/AuthProvider';
import { ExternalLink } from '../../components/public/ExternalLink';
import { fieldErrors, RequiredLabel } from '../../components/public/form-fields';
import { PageHeader } from '../../components/public/PageHeader';
import { CONTACT_EMAIL, SUPPORT_SERVER_URL } from '../../components/public/site';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { ACCENT_TEXT } from '../../components/public/accent';

// Limits, subjects and their labels are the contact-message schema's, so the browser and the server agree.
// Only this schema's file is imported: public pages carry no other schema.
const contactSchema = contactFile.schema as unknown as {
  properties: {
    name: { maxLength: number };
    email: { maxLength: number };
    subject: {
      enum: NonNullable<ContactMessage['subject']>[];
      default: ContactMessage['subject'];
      'x-ui': { enumLabels: Record<string, string> };
    };
    message: { maxLength: number };
  };
};
const { properties: FIELDS } = contactSchema;
const SUBJECTS = FIELDS.subject.enum.map((value) => ({ value, label: FIELDS.subject['x-ui'].enumLabels[value] }));
const MESSAGE_MAX = FIELDS.message.maxLength;

type Field = 'name' | 'email' | 'subject' | 'message';
type Outcome = { kind: 'success'; id: string } | { kind: 'error'; message: string } | null;

/** The server's field errors by field name (paths are JSON Pointers such as /email). */
function byField(errors: FieldError[]): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const e of errors) {
    const field = e.path.replace(/^\//, '') as Field;
    out[field] ??= e.message;
  }
  return out;
}

function ContactForm() {
  const { user } = useAuth();
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId() };
  const [values, setValues] = useState<ContactMessage>({
    name: '',
    email: user?.email ?? '',
    subject: FIELDS.subject.default,
    message: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendContactMessage();
  const busy = send.isPending;
  const [outcome, setOutcome] = useState<Outcome>(null);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((all) => ({ ...all, [field]: undefined }));
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setOutcome(null);
    try {
      const answer = await send.mutateAsync(values);
      setOutcome({ kind: 'success', id: answer.id });
      setValues((v) => ({ ...v, message: '' }));
      setErrors({});
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : [];
      setErrors(byField(fieldErrors));
      setOutcome({
        kind: 'error',
        message: err instanceof Error ? err.message : 'Your message could not be sent. Please try again.',
      });
    }
  }

  const { describedBy, fieldError } = fieldErrors(ids, errors);

  return (
    <form onSubmit={(e) => void submit(e)} className="card space-y-5 p-6 sm:p-8" aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-xl font-bold">
        Send us a message
      </h2>
      <div aria-live="polite">
        {outcome?.kind === 'success' && (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-ok/50 bg-ok/10 p-3 text-sm text-ok">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>Thank you! Your message has been sent. We usually answer within 24 to 48 hours. Reference: {outcome.id.slice(0, 8)}</span>
          </p>
        )}
        {outcome?.kind === 'error' && (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
            <XCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{outcome.message}</span>
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <RequiredLabel htmlFor={ids.name}>Name</RequiredLabel>
          <input
            id={ids.name}
            name="name"
            className="field-input"
            autoComplete="name"
            required
            maxLength={FIELDS.name.maxLength}
            value={values.name}
            onChange={set('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div>
          <RequiredLabel htmlFor={ids.email}>Email</RequiredLabel>
          <input
            id={ids.email}
            name="email"
            type="email"
            className="field-input"
            autoComplete="email"
            required
            maxLength={FIELDS.email.maxLength}
            value={values.email}
            onChange={set('email')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <div>
        <label htmlFor={ids.subject} className="mb-1 block text-sm font-medium">
          Subject
        </label>
        <select id={ids.subject} name="subject" className="field-input" value={values.subject} onChange={set('subject')}>
          {SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {fieldError('subject')}
      </div>
      <div>
        <RequiredLabel htmlFor={ids.message}>Message</RequiredLabel>
        <textarea
          id={ids.message}
          name="message"
          className="field-input min-h-40"
          required
          maxLength={MESSAGE_MAX}
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', `${ids.message}-count`)}
        />
        <div className="mt-1 flex justify-between gap-4">
          {fieldError('message') ?? <span />}
          <p id={`${ids.message}-count`} className="text-xs text-muted">
            {values.message.length}/{MESSAGE_MAX}
          </p>
        </div>
      </div>
      <p className="text-xs text-muted">
        Fields marked * are required. We use your details only to answer you; see the{' '}
        <Link to="/privacy" className="text-fg underline decoration-brand underline-offset-2">
          privacy policy
        </Link>
        .
      </p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Sending...' : 'Send message'}
      </button>
    </form>
  );
}

export default function Contact() {
  useDocumentMeta(
    'Contact us',
    'Get help with Guildhall: e-mail the team, ask in the community server, or send us a message from this page.',
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <PageHeader title="Contact us" eyebrow="We are here to help">
        Questions, billing, feedback or a bug: reach us the way that suits you.
      </PageHeader>
      <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4">
          <div className="card p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Mail aria-hidden="true" className={`h-5 w-5 ${ACCENT_TEXT}`} /> Email
            </h2>
            <p className="mt-1 text-sm text-muted">Answers within 24 to 48 hours.</p>
            <a href={`mailto:${CONTACT_EMAIL}`} className="mt-3 inline-block text-fg underline decoration-brand underline-offset-2">
              {CONTACT_EMAIL}
            </a>
          </div>
          <div className="card p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <MessagesSquare aria-hidden="true" className={`h-5 w-5 ${ACCENT_TEXT}`} /> Community server
            </h2>
            <p className="mt-1 text-sm text-muted">Chat with the team and other server owners; answers within 1 to 6 hours.</p>
            <ExternalLink href={SUPPORT_SERVER_URL} className="btn-secondary mt-3" icon>
              Join the support server
            </ExternalLink>
          </div>
          <div className="card p-5">
            <h2 className="font-semibold">Find an answer now</h2>
            <ul className="mt-3 flex flex-wrap gap-3">
              <li>
                <Link to="/faq" className="btn-secondary">
                  <HelpCircle aria-hidden="true" className="h-4 w-4" /> FAQ
                </Link>
              </li>
              <li>
                <Link to="/docs" className="btn-secondary">
                  <BookOpen aria-hidden="true" className="h-4 w-4" /> Documentation
                </Link>
              </li>
            </ul>
          </div>
        </div>
        <ContactForm />
      </div>
    </div>
  );
}
