import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { displayAvatarUrl } from '@guildhall/common/cdn';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import type { UserSearchResult } from '@guildhall/generated/types';
import { validateSearchGuildUsersParameters } from '@guildhall/generated/validators/search-guild-users-parameters.js';
import { UserPlus, X } from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useUserSearch, useUsers } from '../../../api/queries';
import { FallbackImage } from '../../../components/FallbackImage';
import type { SchemaFormContext } from '../../core/form-context';

const INVALID_ID = 'Invalid user ID format. Please enter a valid Discord user ID.';

type Messages = Record<string, string | undefined>;

/** Text the server would search: its `q` parameter's schema (operations.json, from 2 characters that are not spaces). */
const searchable = (q: string) => validateSearchGuildUsersParameters({ guildId: '', q });

function nameOf(user: UserSearchResult): string {
  return user.global_name || user.username;
}

/** The schema's words for this list: its duplicate and bad-id messages (x-messages), its limit. */
function listRules(schema: WidgetProps['schema']) {
  const messages = ((schema as Record<string, unknown>)['x-messages'] ?? {}) as Messages;
  const items = (schema.items && typeof schema.items === 'object' ? schema.items : {}) as Record<string, unknown>;
  const itemMessages = (items['x-messages'] ?? {}) as Messages;
  return {
    // The list's item pattern (AntiNuke's: the spec's 17 to 19 digits); a list without one takes any Discord id.
    pattern: typeof items.pattern === 'string' ? new RegExp(items.pattern) : SNOWFLAKE,
    duplicate: messages.uniqueItems ?? 'User is already in the list.',
    invalid: itemMessages.pattern ?? INVALID_ID,
    maxItems: typeof schema.maxItems === 'number' ? schema.maxItems : Infinity,
    full: (messages.maxItems ?? 'At most {maxItems} users').replace('{maxItems}', String(schema.maxItems)),
  };
}

/**
 * A list of Discord users held as ids (x-ui widget `user-list`: AntiNuke's extra owners and whitelist). A search box
 * that is an ARIA 1.2 combobox: a username (2 characters or more) suggests users (arrows move, Enter adds, Escape
 * closes); an id of 17 to 19 digits is added with 'Add by ID' or Enter. Entries show avatar and name, or
 * 'Unknown User ({id})' when the id resolves to nobody, each with a remove button. The empty text is ui:placeholder.
 */
export function UserListWidget(props: WidgetProps) {
  const { id, value, label, disabled, readonly, onChange, onBlur, onFocus, schema, registry, rawErrors, options } = props;
  // RJSF hands an array's custom widget no placeholder: the empty text is ui:placeholder, read from the options.
  const empty = props.placeholder || (typeof options.placeholder === 'string' ? options.placeholder : '');
  const { guildId, version } = registry.formContext as SchemaFormContext;
  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is string => typeof v === 'string') : []), [value]);
  const rules = useMemo(() => listRules(schema), [schema]);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [message, setMessage] = useState<string | null>(null);
  // The document read again (after a successful save, or a reload): what an add was refused for was said of the
  // earlier draft, and no longer stands (issue 32: old errors stayed after a save).
  const [readVersion, setReadVersion] = useState(version);
  if (readVersion !== version) {
    setReadVersion(version);
    setMessage(null);
  }
  /** Users picked from suggestions: shown at once, before the lookup answers. */
  const [picked, setPicked] = useState<Record<string, UserSearchResult>>({});
  const input = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const messageId = `${id}__message`;
  const locked = Boolean(disabled || readonly);

  const query = text.trim();
  // Digits only is an id being typed: added by id, never searched.
  const searching = searchable(query) && !/^[0-9]+$/.test(query);
  const search = useUserSearch(guildId, searching ? query : '');
  const suggestions = searching ? (search.data ?? []) : [];
  const expanded = open && searching && !locked && suggestions.length > 0;
  const nobody = open && searching && !locked && search.isFetched && !search.isPlaceholderData && suggestions.length === 0;
  const resolved = useUsers(guildId, ids);
  const known = useMemo(() => {
    const map = new Map<string, UserSearchResult>(Object.entries(picked));
    for (const user of resolved.data ?? []) map.set(user.id, user);
    return map;
  }, [picked, resolved.data]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const add = (userId: string, user?: UserSearchResult) => {
    if (!rules.pattern.test(userId)) return setMessage(rules.invalid);
    if (ids.includes(userId)) return setMessage(rules.duplicate);
    if (ids.length >= rules.maxItems) return setMessage(rules.full);
    if (user) setPicked((p) => ({ ...p, [user.id]: user }));
    onChange([...ids, userId]);
    setMessage(null);
    setText('');
    close();
    input.current?.focus();
  };

  const addTyped = () => add(query);

  const remove = useCallback(
    (userId: string) => {
      onChange(ids.filter((i) => i !== userId));
      setMessage(null);
    },
    [ids, onChange],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!searching || suggestions.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (!expanded ? (step > 0 ? 0 : suggestions.length - 1) : (i + step + suggestions.length) % suggestions.length));
    } else if (e.key === 'Enter') {
      // Enter adds the highlighted suggestion, or else what was typed as an id; it never submits the form.
      e.preventDefault();
      const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
      if (chosen) add(chosen.id, chosen);
      else if (query) addTyped();
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      }
    }
  };

  const activeId = expanded && active >= 0 && suggestions[active] ? `${listboxId}-${suggestions[active].id}` : undefined;
  const describedBy = [ariaDescribedByIds(id), message ? messageId : ''].filter(Boolean).join(' ');

  return (
    <div data-user-list="">
      <div className="relative">
        <div className="flex flex-wrap gap-2 sm:flex-nowrap">
          <input
            ref={input}
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-describedby={describedBy}
            aria-invalid={message || (rawErrors?.length ?? 0) > 0 ? true : undefined}
            autoComplete="off"
            className="field-input min-w-0 flex-1"
            placeholder="Search by username or enter a user ID"
            value={text}
            disabled={locked}
            onChange={(e) => {
              setText(e.target.value);
              setMessage(null);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => onFocus(id, ids)}
            onBlur={() => {
              close();
              onBlur(id, ids);
            }}
          />
          <button type="button" className="btn-secondary shrink-0" disabled={locked || !query} onClick={addTyped}>
            <UserPlus aria-hidden="true" className="h-4 w-4" /> Add by ID
          </button>
        </div>
        <ul
          id={listboxId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-xl border border-line bg-panel p-1 shadow-xl"
        >
          {expanded &&
            suggestions.map((user, i) => (
              <li
                key={user.id}
                id={`${listboxId}-${user.id}`}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ${i === active ? 'bg-brand/20 ring-2 ring-brand' : 'hover:bg-panel-2'}`}
                // mousedown, not click: the input's blur would close the list before a click lands.
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(user.id, user);
                }}
                onMouseMove={() => setActive(i)}
              >
                <FallbackImage src={displayAvatarUrl(user, 32)} alt="" className="h-6 w-6 rounded-full" />
                <span className="font-semibold">{nameOf(user)}</span>
                <span className="text-xs text-muted">@{user.username}</span>
              </li>
            ))}
        </ul>
        {/* Over the list like the suggestions, not above it: shown and hidden as each search answers, it would move
            every entry below it (a relayout and repaint of the whole list per keystroke). */}
        <p
          role="status"
          className={
            nobody ? 'absolute z-20 mt-1 w-full rounded-xl border border-line bg-panel px-3 py-2 text-sm text-muted shadow-xl' : 'sr-only'
          }
        >
          {nobody ? 'No users found' : ''}
        </p>
      </div>
      {message && (
        <p id={messageId} role="alert" className="mt-1.5 text-sm text-danger">
          {message}
        </p>
      )}
      <UserRows ids={ids} known={known} pending={resolved.isPending} locked={locked} label={label} empty={empty} onRemove={remove} />
    </div>
  );
}

/**
 * The list's entries. Memoised: typing in the search box re-renders the widget on every keystroke (and again when the
 * suggestions arrive), and a list of 100 or more users must not be drawn again each time (issue 10's keystroke budget).
 */
const UserRows = memo(function UserRows({
  ids,
  known,
  pending,
  locked,
  label,
  empty,
  onRemove,
}: {
  ids: string[];
  known: ReadonlyMap<string, UserSearchResult>;
  pending: boolean;
  locked: boolean;
  label: string;
  empty: string;
  onRemove(userId: string): void;
}) {
  if (ids.length === 0) return <p className="mt-3 rounded-lg border border-dashed border-line p-3 text-sm text-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="mt-3 space-y-2">
      {ids.map((userId) => {
        const user = known.get(userId);
        const name = user ? nameOf(user) : pending ? userId : `Unknown User (${userId})`;
        return (
          <li key={userId} className="flex items-center gap-3 rounded-lg border border-line bg-panel-2 px-3 py-2">
            <FallbackImage src={user ? displayAvatarUrl(user, 32) : null} alt="" className="h-8 w-8 rounded-full" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{name}</span>
              <span className="block truncate text-xs text-muted">{user ? `@${user.username} · ${userId}` : userId}</span>
            </span>
            {!locked && (
              <button
                type="button"
                className="rounded p-1.5 text-muted hover:bg-danger/15 hover:text-danger"
                aria-label={`Remove ${name}`}
                onClick={() => onRemove(userId)}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
});
