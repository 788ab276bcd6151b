import { auditKinds, type AuditKind } from '../../../../../shared/domain/changeset';
import { SelectField } from '../../../components/ui/SelectField';
import { auditKindLabels } from '../kinds';

const ALL = 'all';

const options = [{ value: ALL, label: 'All activity' }, ...auditKinds.map((kind) => ({ value: kind, label: auditKindLabels[kind] }))];

export function KindFilter({ kind, onChange }: { kind: AuditKind | null; onChange: (kind: AuditKind | null) => void }) {
  return (
    <SelectField
      label="Kind"
      value={kind ?? ALL}
      options={options}
      onChange={(value) => onChange(value === ALL ? null : (value as AuditKind))}
    />
  );
}
