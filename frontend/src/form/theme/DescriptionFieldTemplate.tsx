import type { DescriptionFieldProps } from '@rjsf/utils';

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="mb-2 text-sm text-muted">
      {description}
    </p>
  );
}
