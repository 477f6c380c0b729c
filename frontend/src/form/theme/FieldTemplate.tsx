import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { Lock } from 'lucide-react';
import { useCallback } from 'react';
import { createPortal } from 'react-dom';
import type { SchemaFormContext } from '../core/form-context';

/** Why a field is read-only for this user (ui:options.locked, set from x-access; see core/access.ts). */
function LockedNote({ id, reason }: { id: string; reason: string }) {
  return (
    <p
      id={`${id}__locked`}
      role="note"
      className="mb-3 flex items-start gap-2 rounded-lg border border-warn/40 bg-warn/10 p-3 text-sm text-warn"
    >
      <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <span className="font-semibold">Access Restricted</span> <span>{reason}</span>
      </span>
    </p>
  );
}

/**
 * Label, control, help and errors, with the error right under its field; a locked field says why first. A field that
 * another names in `x-ui.beside` keeps a slot under its control, and that field renders there (see FieldSlots).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, rawErrors, schema, classNames, uiSchema } = props;
  const slots = (props.registry.formContext as SchemaFormContext | undefined)?.slots;
  const pointer = `/${props.fieldPathId.path.join('/')}`;
  const register = slots?.register;
  const slotRef = useCallback((element: HTMLElement | null) => register?.(pointer, element), [register, pointer]);
  if (hidden) return <div className="hidden">{children}</div>;
  const options = getUiOptions(uiSchema);
  const locked = options.locked;
  const lockedNote = typeof locked === 'string' && locked ? <LockedNote id={id} reason={locked} /> : null;
  const isObject = schema.type === 'object';
  const invalid = (rawErrors?.length ?? 0) > 0;
  // An object whose fields all sit beside others (x-ui.beside) shows nothing of its own: its lock is said there.
  const names = Object.keys((schema.properties ?? {}) as object);
  const allBeside =
    names.length > 0 && names.every((name) => typeof getUiOptions(uiSchema?.[name] as FieldTemplateProps['uiSchema']).beside === 'string');
  if (isObject && allBeside) return <div className={classNames}>{children}</div>;
  if (isObject)
    return (
      <div className={classNames} data-locked={lockedNote ? '' : undefined}>
        {lockedNote}
        {children}
      </div>
    );
  // Toggles render their own label beside the switch.
  const inlineLabel = schema.type === 'boolean';
  const field = (
    <div className={`mb-5 ${classNames ?? ''}`} data-invalid={invalid || undefined} data-locked={lockedNote ? '' : undefined}>
      {displayLabel && !inlineLabel && label && (
        // The required mark stays outside the label, so the control's name is the schema's title alone.
        <div className="mb-1.5 text-sm font-semibold">
          <label htmlFor={id}>{label}</label>
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          )}
        </div>
      )}
      {lockedNote}
      {displayLabel && !inlineLabel && description}
      {children}
      {slots?.targets.has(pointer) && (
        <div ref={slotRef} data-slot={pointer} className="mt-2 ml-4 border-l-2 border-line pl-4 empty:hidden [&>*]:mb-0" />
      )}
      {errors}
      {help}
    </div>
  );
  const host = typeof options.beside === 'string' ? slots?.elements[options.beside] : undefined;
  return host ? createPortal(field, host) : field;
}
