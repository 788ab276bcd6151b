import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind } from '@shared/domain/changeset';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

/** The Activity tab's filters: a kind, and the administrator who made the change (their uid); null: all. */
export interface ActivityFilters {
  kind: AuditKind | null;
  adminUid: string | null;
}

export const auditKeys = {
  all: rootKeys.audit,
  list: ({ kind, adminUid }: ActivityFilters) => [...rootKeys.audit, kind ?? 'all', adminUid ?? 'anyone'] as const
};

/** The activity the filters keep: 25 entries a page on screen, 500 for Export CSV. */
export const auditFetcher = ({ kind, adminUid }: ActivityFilters) =>
  pageFetcher((input) => api().audit.list({ ...input, ...(kind ? { kind } : {}), ...(adminUid ? { adminUid } : {}) }));

/** 25 entries a page, newest first; one cache entry per set of filters. */
const auditQuery = (filters: ActivityFilters) => pagedQuery(auditKeys.list(filters), auditFetcher(filters), 'Failed to load the audit log.');

export const useAuditLog = (filters: ActivityFilters) => useInfiniteQuery(auditQuery(filters));
