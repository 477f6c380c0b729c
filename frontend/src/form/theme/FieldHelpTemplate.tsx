import { helpId, type FieldHelpProps } from '@rjsf/utils';

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="mt-1.5 text-xs text-muted">
      {help}
    </p>
  );
}
