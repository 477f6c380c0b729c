import type { DiscordEmbed } from '@guildhall/generated/types';
import { type Dispatch, memo, type ReactNode, useCallback, useState } from 'react';
import { ColourPicker, CountedTextField, UrlField } from '../../../components/embed-editor';
import { Tabs, type TabDefinition } from '../ticket-panels/Tabs';
import {
  type BuilderAction,
  type EmbedField,
  type EmbedPath,
  FIELD_LIMIT_MESSAGE,
  invalidUrlMessage,
  LIMITS,
  type MessageErrors,
  SWATCHES,
} from './model';

export type EditorTab = 'message' | 'content' | 'author' | 'fields' | 'images' | 'footer' | 'edit';

/** The Embed Builder's tabs, in the spec's order and words. */
export const EDITOR_TABS: readonly TabDefinition<EditorTab>[] = [
  { key: 'message', label: 'Message Content' },
  { key: 'content', label: 'Embed Content' },
  { key: 'author', label: 'Author' },
  { key: 'fields', label: 'Fields' },
  { key: 'images', label: 'Images' },
  { key: 'footer', label: 'Footer' },
  { key: 'edit', label: 'Edit Embed' },
];

interface EditorProps {
  tab: EditorTab;
  onTab(tab: EditorTab): void;
  content: string;
  embed: DiscordEmbed;
  /** The embed's position, for its errors' paths (/embeds/{index}/...). */
  index: number;
  errors: MessageErrors;
  dispatch: Dispatch<BuilderAction>;
  /** The Edit Embed tab's body (it acts on the whole message, so the page owns it); without one, no such tab. */
  editPanel?: ReactNode;
}

/** The tabs without Edit Embed, for a message that is composed but not fetched from Discord (a scheduled message). */
const COMPOSE_TABS = EDITOR_TABS.filter((t) => t.key !== 'edit');

/** The tabs that edit the message text and the selected embed. */
export const EmbedEditor = memo(function EmbedEditor({ tab, onTab, content, embed, index, errors, dispatch, editPanel }: EditorProps) {
  const at = (path: string) => errors[`/embeds/${index}/${path}`];
  const set = useCallback((value: string, name: string) => dispatch({ type: 'set', path: name as EmbedPath, value }), [dispatch]);
  const setContent = useCallback((value: string) => dispatch({ type: 'content', value }), [dispatch]);
  return (
    <Tabs
      idPrefix="embed-builder"
      label="Embed editor"
      tabs={editPanel === undefined ? COMPOSE_TABS : EDITOR_TABS}
      selected={tab}
      onSelect={onTab}
      wrap
    >
      {tab === 'message' && (
        <div className="space-y-5">
          <CountedTextField
            id="eb-content"
            label="Message text (optional)"
            name="content"
            value={content}
            onChange={setContent}
            maxLength={LIMITS.content}
            multiline
            rows={4}
            error={errors['/content']}
          />
          <ColourPicker
            id="eb-color"
            label="Embed colour"
            name="color"
            value={embed.color ?? ''}
            onChange={set}
            presets={SWATCHES}
            error={at('color')}
          />
        </div>
      )}
      {tab === 'content' && (
        <div className="space-y-5">
          <CountedTextField
            id="eb-title"
            label="Title"
            name="title"
            value={embed.title ?? ''}
            onChange={set}
            maxLength={LIMITS.title}
            error={at('title')}
          />
          <CountedTextField
            id="eb-description"
            label="Description"
            name="description"
            value={embed.description ?? ''}
            onChange={set}
            maxLength={LIMITS.description}
            multiline
            rows={6}
            error={at('description')}
            hint="Markdown is supported: **bold**, *italic*, __underline__, ~~strikethrough~~, `code` and [links](https://example.com)."
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={embed.timestamp != null}
              // The checkbox toggles between null and the current time.
              onChange={(e) => dispatch({ type: 'timestamp', value: e.target.checked ? new Date().toISOString() : null })}
              className="h-4 w-4 accent-brand"
            />
            Add current timestamp
          </label>
        </div>
      )}
      {tab === 'author' && (
        <div className="space-y-5">
          <CountedTextField
            id="eb-author-name"
            label="Author name"
            name="author.name"
            value={embed.author?.name ?? ''}
            onChange={set}
            maxLength={LIMITS.authorName}
            error={at('author/name')}
          />
          <UrlField
            id="eb-author-url"
            label="Author URL"
            name="author.url"
            invalidMessage={invalidUrlMessage('author.url')}
            value={embed.author?.url ?? ''}
            onChange={set}
            error={at('author/url')}
          />
          <UrlField
            id="eb-author-icon"
            label="Author icon URL"
            name="author.icon_url"
            invalidMessage={invalidUrlMessage('author.icon_url')}
            value={embed.author?.icon_url ?? ''}
            onChange={set}
            error={at('author/icon_url')}
          />
        </div>
      )}
      {tab === 'fields' && <FieldsTab fields={embed.fields ?? []} index={index} errors={errors} dispatch={dispatch} />}
      {tab === 'images' && (
        <div className="space-y-5">
          <p className="text-xs text-muted">Images must be public https links that Discord can load.</p>
          <UrlField
            id="eb-thumbnail"
            label="Thumbnail URL"
            name="thumbnail.url"
            invalidMessage={invalidUrlMessage('thumbnail.url')}
            value={embed.thumbnail?.url ?? ''}
            onChange={set}
            error={at('thumbnail/url')}
          />
          <UrlField
            id="eb-image"
            label="Large image URL"
            name="image.url"
            invalidMessage={invalidUrlMessage('image.url')}
            value={embed.image?.url ?? ''}
            onChange={set}
            error={at('image/url')}
          />
        </div>
      )}
      {tab === 'footer' && (
        <div className="space-y-5">
          <CountedTextField
            id="eb-footer-text"
            label="Footer text"
            name="footer.text"
            value={embed.footer?.text ?? ''}
            onChange={set}
            maxLength={LIMITS.footer}
            error={at('footer/text')}
          />
          <UrlField
            id="eb-footer-icon"
            label="Footer icon URL"
            name="footer.icon_url"
            invalidMessage={invalidUrlMessage('footer.icon_url')}
            value={embed.footer?.icon_url ?? ''}
            onChange={set}
            error={at('footer/icon_url')}
          />
        </div>
      )}
      {tab === 'edit' && editPanel}
    </Tabs>
  );
});

function FieldsTab({
  fields,
  index,
  errors,
  dispatch,
}: {
  fields: EmbedField[];
  index: number;
  errors: MessageErrors;
  dispatch: Dispatch<BuilderAction>;
}) {
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [inline, setInline] = useState(false);
  const full = fields.length >= LIMITS.fields;
  const canAdd = !full && name.trim() !== '' && value.trim() !== '';
  const add = () => {
    if (!canAdd) return;
    dispatch({ type: 'add-field', field: { name, value, inline } });
    setName('');
    setValue('');
    setInline(false);
  };
  return (
    <div className="space-y-5">
      {fields.length === 0 ? (
        <p className="text-sm text-muted">No fields yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Fields">
          {fields.map((field, i) => (
            <FieldRow
              key={i}
              field={field}
              position={i}
              nameError={errors[`/embeds/${index}/fields/${i}/name`]}
              valueError={errors[`/embeds/${index}/fields/${i}/value`]}
              dispatch={dispatch}
            />
          ))}
        </ol>
      )}
      <fieldset className="space-y-3 rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-semibold">Add new field</legend>
        <CountedTextField
          id="eb-new-field-name"
          label="Field name"
          name="name"
          value={name}
          onChange={setName}
          maxLength={LIMITS.fieldName}
        />
        <CountedTextField
          id="eb-new-field-value"
          label="Field value"
          name="value"
          value={value}
          onChange={setValue}
          maxLength={LIMITS.fieldValue}
          multiline
          rows={2}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={inline} onChange={(e) => setInline(e.target.checked)} className="h-4 w-4 accent-brand" />
          Inline
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn-primary" disabled={!canAdd} onClick={add}>
            Add Field
          </button>
          {full && (
            <p role="status" className="text-sm text-warn">
              {FIELD_LIMIT_MESSAGE}
            </p>
          )}
        </div>
      </fieldset>
    </div>
  );
}

const FieldRow = memo(function FieldRow({
  field,
  position,
  nameError,
  valueError,
  dispatch,
}: {
  field: EmbedField;
  position: number;
  nameError?: string;
  valueError?: string;
  dispatch: Dispatch<BuilderAction>;
}) {
  const n = position + 1;
  const change = useCallback(
    (text: string, part: string) =>
      dispatch({ type: 'change-field', index: position, part: part === 'name' ? { name: text } : { value: text } }),
    [dispatch, position],
  );
  return (
    <li className="space-y-2 rounded-lg border border-line bg-panel-2 p-3" aria-label={`Field ${n}`}>
      <CountedTextField
        id={`eb-field-${position}-name`}
        label={`Field ${n} name`}
        name="name"
        value={field.name}
        onChange={change}
        maxLength={LIMITS.fieldName}
        error={nameError}
      />
      <CountedTextField
        id={`eb-field-${position}-value`}
        label={`Field ${n} value`}
        name="value"
        value={field.value}
        onChange={change}
        maxLength={LIMITS.fieldValue}
        multiline
        rows={2}
        error={valueError}
      />
      <div className="flex items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={field.inline === true}
            onChange={(e) => dispatch({ type: 'change-field', index: position, part: { inline: e.target.checked } })}
            className="h-4 w-4 accent-brand"
          />
          Inline
        </label>
        <button
          type="button"
          className="btn-secondary"
          aria-label={`Remove field ${n}`}
          onClick={() => dispatch({ type: 'remove-field', index: position })}
        >
          Remove
        </button>
      </div>
    </li>
  );
});
