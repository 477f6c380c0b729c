import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { UserListWidget } from '../user-list';

/**
 * One member of the guild, held as their id (x-ui widget `member-select`: a Dashboard Access grant's member): the
 * user-list widget's search (names resolved, an id typed directly) over a list of at most one, so that choosing
 * another member replaces the one chosen. Its messages are the field's x-messages.
 */
export function MemberSelectWidget(props: WidgetProps) {
  const { value, onChange, schema } = props;
  const ids = useMemo(() => (typeof value === 'string' && value ? [value] : []), [value]);
  const listSchema = useMemo(() => ({ type: 'array' as const, items: schema }), [schema]);
  return (
    <UserListWidget
      {...props}
      schema={listSchema}
      value={ids}
      onChange={(next: unknown) => onChange(Array.isArray(next) && next.length ? next[next.length - 1] : undefined)}
    />
  );
}
