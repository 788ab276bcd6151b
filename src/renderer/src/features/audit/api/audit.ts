import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind } from '@shared/domain/changeset';
import { pagedQuery, pageFetcher } from '../../../components/data-table/paged-query';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';

export const auditKeys = {
  all: rootKeys.audit,
  list: (kind: AuditKind | null) => [...rootKeys.audit, kind ?? 'all'] as const
};

/** The activity of one kind (or all): 25 entries a page on screen, 500 for Export CSV. */
export const auditFetcher = (kind: AuditKind | null) => pageFetcher((input) => api().audit.list({ ...input, ...(kind ? { kind } : {}) }));

/** 25 entries a page, newest first; one cache entry per kind filter. */
const auditQuery = (kind: AuditKind | null) => pagedQuery(auditKeys.list(kind), auditFetcher(kind), 'Failed to load the audit log.');

export const useAuditLog = (kind: AuditKind | null) => useInfiniteQuery(auditQuery(kind));
