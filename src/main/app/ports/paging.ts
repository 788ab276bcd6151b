/** Which page: after `cursor` (null: the first), `pageSize` rows (absent: the list's own size). */
export interface PageAt {
  cursor?: string | null;
  pageSize?: number;
}
