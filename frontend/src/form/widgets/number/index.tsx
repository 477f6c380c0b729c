import type { WidgetProps } from '@rjsf/utils';
import { BaseInputTemplate } from '../../theme/BaseInputTemplate';

/** Whole numbers with the schema's bounds as min/max (arrow keys step within them). */
export function NumberWidget(props: WidgetProps) {
  return <BaseInputTemplate {...props} type="number" />;
}
