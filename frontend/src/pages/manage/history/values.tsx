import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { useId, useState } from 'react';

/** Names of the guild's channels and roles by id, so a reference reads as #name or @name. */
export interface GuildNames {
  channels: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, string>;
}
export const NO_NAMES: GuildNames = { channels: new Map(), roles: new Map() };

/** Longer text than this is shown clamped, with a button to read all of it. */
export const CLAMP_CHARS = 160;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/** One value as a person reads it, in plain text: On/Off, (empty), #channel, @role, or the value itself. */
export function valueText(value: unknown, names: GuildNames = NO_NAMES): string {
  if (isEmpty(value)) return '(empty)';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'string') {
    if (SNOWFLAKE.test(value)) {
      const channel = names.channels.get(value);
      if (channel !== undefined) return `#${channel}`;
      const role = names.roles.get(value);
      if (role !== undefined) return `@${role}`;
    }
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueText(item, names)).join(', ');
  return JSON.stringify(value);
}

function LongText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.length <= CLAMP_CHARS) return <span className="break-words whitespace-pre-wrap">{text}</span>;
  return (
    <span>
      <span id={id} className="break-words whitespace-pre-wrap">
        {open ? text : `${text.slice(0, CLAMP_CHARS).trimEnd()}…`}
      </span>{' '}
      <button
        type="button"
        className="text-xs font-semibold text-brand underline"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Show less' : 'Show more'}
      </button>
    </span>
  );
}

/** A value of a change: arrays as lists, objects as their fields, long text clamped with a way to expand it. */
export function ChangeValue({ value, names }: { value: unknown; names: GuildNames }) {
  if (isEmpty(value)) return <span className="text-muted italic">(empty)</span>;
  if (Array.isArray(value)) {
    return (
      <ul className="list-disc pl-5">
        {value.map((item, i) => (
          <li key={i}>
            <ChangeValue value={item} names={names} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object' && value !== null) {
    return (
      <dl className="space-y-0.5">
        {Object.entries(value).map(([key, item]) => (
          <div key={key} className="flex flex-wrap gap-1">
            <dt className="text-muted">{key}:</dt>
            <dd>
              <ChangeValue value={item} names={names} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <LongText text={valueText(value, names)} />;
}
