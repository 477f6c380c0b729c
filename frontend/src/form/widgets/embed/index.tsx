import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { ColourPicker, CountedTextField, schemaField, UrlField } from '../../../components/embed-editor';
import type { SchemaFormContext } from '../../core/form-context';

type Embed = Record<string, unknown> & {
  author?: Record<string, unknown>;
  footer?: Record<string, unknown>;
  image?: Record<string, unknown>;
  thumbnail?: Record<string, unknown>;
};

/** The text and link fields drawn, by dotted path in the embed (`author.name`), with how each is edited. */
const TEXT = [
  ['title', false],
  ['description', true],
  ['author.name', false],
  ['footer.text', false],
] as const;
const URLS = ['url', 'thumbnail.url', 'image.url'] as const;

const read = (embed: Embed, path: string): string => {
  const [head, tail] = path.split('.') as [string, string | undefined];
  const node = tail ? (embed[head] as Record<string, unknown> | undefined)?.[tail] : embed[head];
  return typeof node === 'string' ? node : '';
};

/**
 * An embed (schemas/common/discord-embed.json) edited with the embed editor's parts, as one value of a form (x-ui
 * `widget: embed` on an object, drawn by WidgetObjectField): title, description, colour, title link, author, footer,
 * thumbnail and image. Titles, limits, presets and messages are the schema's (schemaField over the form's root schema,
 * `$ref`s followed); the embed's other properties (fields, timestamp, icons) are kept as they are.
 */
export function EmbedWidget(props: WidgetProps) {
  const { id, value, onChange, registry, disabled, readonly } = props;
  const embed = (value && typeof value === 'object' ? value : {}) as Embed;
  const root = registry.rootSchema;
  // The embed is a property of the form's root (the role menu's `embed`): its name is its path.
  const at = props.name;
  const errors = (registry.formContext as SchemaFormContext).document?.errors ?? {};
  const pointer = `/${at}`;
  const field = (path: string) => schemaField(root, `${at}.${path}`);
  const errorAt = (path: string) => errors[`${pointer}/${path.split('.').join('/')}`];

  const set = useCallback(
    (text: string, path: string) => {
      const [head, tail] = path.split('.') as [string, string | undefined];
      const next: Embed = { ...embed };
      if (tail) next[head] = { ...((embed[head] as Record<string, unknown> | undefined) ?? {}), [tail]: text };
      else next[head] = text;
      onChange(next);
    },
    [embed, onChange],
  );
  const locked = disabled || readonly;
  const colour = field('color');

  return (
    <fieldset className="space-y-4" disabled={locked}>
      {TEXT.map(([path, multiline]) => (
        <CountedTextField
          key={path}
          id={`${id}-${path.replace('.', '-')}`}
          name={path}
          label={field(path).title}
          value={read(embed, path)}
          onChange={set}
          maxLength={field(path).maxLength}
          multiline={multiline}
          rows={multiline ? 4 : undefined}
          error={errorAt(path)}
        />
      ))}
      <ColourPicker
        id={`${id}-color`}
        name="color"
        label={colour.title}
        value={read(embed, 'color')}
        onChange={set}
        presets={colour.examples}
        error={errorAt('color')}
      />
      {URLS.map((path) => (
        <UrlField
          key={path}
          id={`${id}-${path.replace('.', '-')}`}
          name={path}
          label={field(path).title}
          value={read(embed, path)}
          onChange={set}
          maxLength={field(path).maxLength}
          invalidMessage={field(path).messages.pattern ?? field(path).messages.type ?? ''}
          error={errorAt(path)}
        />
      ))}
    </fieldset>
  );
}
