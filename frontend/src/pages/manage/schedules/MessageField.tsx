import type { DiscordMessage } from '@guildhall/generated/types';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useCallback, useMemo, useRef, useState } from 'react';
import { EmbedEditor, type EditorTab } from '../embed-builder/EmbedEditor';
import { EmbedStrip } from '../embed-builder/EmbedStrip';
import {
  type BuilderAction,
  builderReducer,
  type BuilderState,
  emptyEmbed,
  type MessageErrors,
  validateMessage,
} from '../embed-builder/model';
import { Preview } from '../embed-builder/Preview';

/** The errors RJSF holds for the message (its validator's and the server's), by JSON Pointer into the message. */
function pointers(errorSchema: ErrorSchema | undefined, at = '', out: Record<string, string> = {}): Record<string, string> {
  if (!errorSchema) return out;
  for (const [key, value] of Object.entries(errorSchema)) {
    if (key === '__errors') {
      const [first] = (value as string[] | undefined) ?? [];
      if (first !== undefined) out[at || '/'] ??= first;
    } else pointers(value as ErrorSchema, `${at}/${key}`, out);
  }
  return out;
}

/**
 * A scheduled message's `message` (ui:field of the schedule editor): composed with the Embed Builder's own parts, its
 * reducer (model.ts), embed strip, tabs (EmbedEditor, without Edit Embed) and live preview, so the message and its
 * limits are the builder's. The draft stays the form's value; only which embed is open is kept here.
 */
export function MessageField({ formData, onChange, fieldPathId, errorSchema }: FieldProps) {
  const message = (formData ?? {}) as Partial<DiscordMessage>;
  const [active, setActive] = useState(0);
  const [tab, setTab] = useState<EditorTab>('content');
  const embeds = useMemo(() => (message.embeds?.length ? message.embeds : [emptyEmbed()]), [message.embeds]);
  const state: BuilderState = { content: message.content ?? '', embeds, active: Math.min(active, embeds.length - 1) };
  const latest = useRef(state);
  latest.current = state;
  const id = fieldPathId.$id;
  // The form's change handler for this field, kept current without making dispatch change.
  const change = useRef((value: DiscordMessage) => onChange(value, fieldPathId.path, undefined, id));
  change.current = (value) => onChange(value, fieldPathId.path, undefined, id);

  // The builder's reducer on the form's value: a stable dispatch, so EmbedEditor and the preview redraw only what changed.
  const dispatch = useCallback((action: BuilderAction) => {
    const before = latest.current;
    const next = builderReducer(before, action);
    latest.current = next;
    setActive(next.active);
    if (next.content !== before.content || next.embeds !== before.embeds) change.current({ content: next.content, embeds: next.embeds });
  }, []);
  const select = useCallback((index: number) => dispatch({ type: 'select', index }), [dispatch]);

  const errors: MessageErrors = useMemo(
    () => ({ ...pointers(errorSchema), ...validateMessage(state.content, state.embeds) }),
    [errorSchema, state.content, state.embeds],
  );
  return (
    <fieldset className="mb-5 min-w-0" aria-labelledby={`${id}__title`}>
      <legend id={`${id}__title`} className="mb-2 text-base font-semibold">
        Message
      </legend>
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <EmbedStrip count={state.embeds.length} active={state.active} dispatch={dispatch} />
          <EmbedEditor
            tab={tab}
            onTab={setTab}
            content={state.content}
            embed={state.embeds[state.active]!}
            index={state.active}
            errors={errors}
            dispatch={dispatch}
          />
          {errors['/embeds'] && (
            <p role="alert" className="text-sm text-danger">
              {errors['/embeds']}
            </p>
          )}
        </div>
        <div className="min-w-0">
          <Preview content={state.content} embeds={state.embeds} active={state.active} editing={false} onSelect={select} />
        </div>
      </div>
    </fieldset>
  );
}
