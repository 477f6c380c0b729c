import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  CollapsibleSection,
  ColourPicker,
  CountedTextField,
  isValidUrl,
  schemaField,
  schemaMessage,
  UrlField,
} from '../../../components/embed-editor';
import { Dialog } from '../../../components/Dialog';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  defaultPanel,
  EMBED_FIELDS,
  embedValuesOf,
  PANEL_SCHEMA,
  validatePanel,
  type EmbedField,
  type EmbedValues,
  type PanelDraft,
  type PanelErrors,
} from './panel-model';
import { PanelPreview } from './PanelPreview';
import { Tabs } from './Tabs';
import { useNarrow, useScrollLock } from './use-narrow';

type TabKey = 'ticket' | 'buttons' | 'open' | 'preview';
const TABS = [
  { key: 'ticket', label: 'Ticket Message' },
  { key: 'buttons', label: 'Buttons' },
  { key: 'open', label: 'Open Message' },
  { key: 'preview', label: 'Preview' },
] as const satisfies readonly { key: TabKey; label: string }[];

type SectionKey = 'ticket-content' | 'ticket-appearance' | 'create-button' | 'close-button' | 'open-content' | 'open-appearance';
const SECTIONS: readonly SectionKey[] = [
  'ticket-content',
  'ticket-appearance',
  'create-button',
  'close-button',
  'open-content',
  'open-appearance',
];
const allSections = (open: boolean) => Object.fromEntries(SECTIONS.map((key) => [key, open])) as Record<SectionKey, boolean>;

type Change = (value: string, name: string) => void;

const field = (name: EmbedField) => schemaField(PANEL_SCHEMA, name);

/** One text property of the panel, its label and limit from the schema. */
const Text = memo(function Text({
  name,
  value,
  onChange,
  error,
  multiline,
}: {
  name: EmbedField;
  value: string;
  onChange: Change;
  error?: string;
  multiline?: boolean;
}) {
  const { title, maxLength } = field(name);
  return (
    <CountedTextField
      id={`embed-${name}`}
      name={name}
      label={title}
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      multiline={multiline}
      rows={multiline ? 5 : undefined}
      error={error}
    />
  );
});

const Url = memo(function Url({ name, value, onChange, error }: { name: EmbedField; value: string; onChange: Change; error?: string }) {
  const { title, maxLength } = field(name);
  return (
    <UrlField
      id={`embed-${name}`}
      name={name}
      label={title}
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      invalidMessage={schemaMessage(PANEL_SCHEMA, name, 'pattern')}
      error={error}
    />
  );
});

const Colour = memo(function Colour({
  name,
  value,
  onChange,
  error,
}: {
  name: EmbedField;
  value: string;
  onChange: Change;
  error?: string;
}) {
  const { title, examples } = field(name);
  return <ColourPicker id={`embed-${name}`} name={name} label={title} value={value} onChange={onChange} presets={examples} error={error} />;
});

/** The message part of a tab: content (title, description) and appearance (colour, footer, icon, images). */
function MessageFields({
  prefix,
  values,
  errors,
  onChange,
  sections,
  toggle,
}: {
  prefix: '' | 'open_';
  values: EmbedValues;
  errors: PanelErrors;
  onChange: Change;
  sections: Record<SectionKey, boolean>;
  toggle(key: SectionKey): void;
}) {
  const name = (base: string) => `${prefix}${base}` as EmbedField;
  const str = (base: string) => values[name(base)] as string;
  const [content, appearance]: SectionKey[] = prefix ? ['open-content', 'open-appearance'] : ['ticket-content', 'ticket-appearance'];
  return (
    <div className="space-y-4">
      <CollapsibleSection title="Content" open={sections[content]} onToggle={() => toggle(content)}>
        <Text name={name('title')} value={str('title')} onChange={onChange} error={errors[name('title')]} />
        <Text name={name('description')} value={str('description')} onChange={onChange} error={errors[name('description')]} multiline />
      </CollapsibleSection>
      <CollapsibleSection title="Appearance" open={sections[appearance]} onToggle={() => toggle(appearance)}>
        <Colour name={name('color')} value={str('color')} onChange={onChange} error={errors[name('color')]} />
        <Text name={name('footer')} value={str('footer')} onChange={onChange} error={errors[name('footer')]} />
        <Url name={name('footerIcon')} value={str('footerIcon')} onChange={onChange} error={errors[name('footerIcon')]} />
        <Url name={name('image')} value={str('image')} onChange={onChange} error={errors[name('image')]} />
        <Url name={name('thumbnail')} value={str('thumbnail')} onChange={onChange} error={errors[name('thumbnail')]} />
      </CollapsibleSection>
    </div>
  );
}

/** Only what this editor edits is checked here; the channel is the settings dialog's. */
function embedErrors(panel: PanelDraft, values: EmbedValues): PanelErrors {
  const all = validatePanel({ ...panel, ...values });
  return Object.fromEntries(Object.entries(all).filter(([key]) => (EMBED_FIELDS as readonly string[]).includes(key)));
}

/**
 * The advanced embed editor: tabs Ticket Message, Buttons, Open Message and Preview over a working copy of
 * the panel's embed fields. Save hands the copy back (the caller merges it into the panel); Cancel drops it. Below
 * 1024 px the sections start folded, the page behind stops scrolling and Collapse All / Expand All appears.
 */
export function AdvancedEditor({
  panel,
  panelId,
  onCancel,
  onSave,
}: {
  panel: PanelDraft;
  panelId?: string;
  onCancel(): void;
  onSave(values: EmbedValues): void;
}) {
  const [values, setValues] = useState<EmbedValues>(() => embedValuesOf(panel));
  const [errors, setErrors] = useState<PanelErrors>({});
  const [tab, setTab] = useState<TabKey>('ticket');
  const narrow = useNarrow();
  const [sections, setSections] = useState(() => allSections(!narrow));
  useScrollLock(narrow);
  const opened = useMemo(() => JSON.stringify(embedValuesOf(panel)), [panel]);
  const unsaved = useUnsavedChanges(JSON.stringify(values) !== opened);

  // One handler for every field: memoised fields re-render only when their own value changes.
  const onChange = useCallback<Change>((value, name) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }, []);
  const toggle = useCallback((key: SectionKey) => setSections((s) => ({ ...s, [key]: !s[key] })), []);
  const anyOpen = Object.values(sections).some(Boolean);

  const save = () => {
    const found = embedErrors(panel, values);
    const urlsValid = EMBED_FIELDS.every((name) => !/Icon$|image$|thumbnail$/.test(name) || isValidUrl(values[name] as string));
    if (Object.keys(found).length > 0 || !urlsValid) {
      setErrors(found);
      // Show where the first problem is: its tab, its section open.
      const first = Object.keys(found)[0] ?? '';
      setTab(first.startsWith('open_') ? 'open' : /button/.test(first) ? 'buttons' : 'ticket');
      setSections(allSections(true));
      return;
    }
    onSave(values);
  };

  // Previews follow the typing at a lower priority, so a keystroke paints before the preview redraws.
  const deferred = useDeferredValue(values);
  const previewPanel = useMemo(() => ({ ...panel, ...deferred }), [panel, deferred]);

  return (
    <Dialog
      titleId="advanced-editor-title"
      title="Advanced Embed Editor"
      onClose={onCancel}
      wide
      footer={
        <div className="flex flex-wrap justify-between gap-3">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setValues(embedValuesOf(defaultPanel()));
              setErrors({});
            }}
          >
            Reset to defaults
          </button>
          <div className="flex gap-3">
            <button type="button" className="btn-secondary" onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="btn-primary" onClick={save}>
              Save
            </button>
          </div>
        </div>
      }
      headerExtra={<p className="text-sm text-muted">The panel message, its buttons and the message a new ticket opens with.</p>}
    >
      <div className="space-y-4" data-advanced-editor="">
        {narrow && (
          <div className="flex justify-end">
            <button type="button" className="btn-secondary" onClick={() => setSections(allSections(!anyOpen))}>
              {anyOpen ? 'Collapse All' : 'Expand All'}
            </button>
          </div>
        )}
        {/* Wrapped: on a phone, Preview would scroll off the end of the strip with nothing to say it is there. */}
        <Tabs<TabKey> idPrefix="embed-editor" label="Embed editor" tabs={TABS} selected={tab} onSelect={setTab} wrap>
          {tab === 'ticket' && (
            <MessageFields prefix="" values={values} errors={errors} onChange={onChange} sections={sections} toggle={toggle} />
          )}
          {tab === 'buttons' && (
            <div className="space-y-4">
              <CollapsibleSection title="Create Button" open={sections['create-button']} onToggle={() => toggle('create-button')}>
                <Text name="button_label" value={values.button_label} onChange={onChange} error={errors.button_label} />
                <Text name="button_emoji" value={values.button_emoji} onChange={onChange} error={errors.button_emoji} />
              </CollapsibleSection>
              <CollapsibleSection title="Close Button" open={sections['close-button']} onToggle={() => toggle('close-button')}>
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    checked={values.close_button !== false}
                    onChange={(e) => setValues((v) => ({ ...v, close_button: e.target.checked }))}
                    className="h-4 w-4 accent-brand"
                  />
                  {field('close_button').title}
                </label>
                {values.close_button !== false && (
                  <>
                    <Text
                      name="close_button_label"
                      value={values.close_button_label}
                      onChange={onChange}
                      error={errors.close_button_label}
                    />
                    <Text
                      name="close_button_emoji"
                      value={values.close_button_emoji}
                      onChange={onChange}
                      error={errors.close_button_emoji}
                    />
                  </>
                )}
              </CollapsibleSection>
            </div>
          )}
          {tab === 'open' && (
            <MessageFields prefix="open_" values={values} errors={errors} onChange={onChange} sections={sections} toggle={toggle} />
          )}
          {tab === 'preview' && (
            <div className="grid gap-4 lg:grid-cols-2">
              <section aria-labelledby="preview-panel-heading" className="space-y-2">
                <h3 id="preview-panel-heading" className="text-sm font-semibold">
                  Ticket Panel
                </h3>
                <PanelPreview panel={previewPanel} panelId={panelId} />
              </section>
              <section aria-labelledby="preview-open-heading" className="space-y-2">
                <h3 id="preview-open-heading" className="text-sm font-semibold">
                  Open Message
                </h3>
                <PanelPreview panel={previewPanel} mode="open" />
              </section>
            </div>
          )}
        </Tabs>
      </div>
      {unsaved.prompt}
    </Dialog>
  );
}
