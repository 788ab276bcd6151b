import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind } from '../../../../../shared/domain/changeset';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';

/** 25 entries a page, newest first; one cache entry per kind filter. */
const auditQuery = (kind: AuditKind | null) =>
  pagedQuery(
    ['audit', kind ?? 'all'],
    (cursor) => call(() => api().audit.list({ ...cursorInput(cursor), ...(kind ? { kind } : {}) })),
    'Failed to load the audit log.'
  );

export const useAuditLog = (kind: AuditKind | null) => useInfiniteQuery(auditQuery(kind));
