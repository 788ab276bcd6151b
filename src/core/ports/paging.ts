/**
 * Which page: after `cursor` (null: the first), `pageSize` rows (absent: the list's own size).
 * `focus` starts the first page at one record, so a record opened by id shows in its list.
 */
export interface PageAt {
  cursor?: string | null;
  pageSize?: number;
  focus?: string | null;
}
