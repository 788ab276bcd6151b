import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@shared/contract';

/**
 * Pure edits of a paged list in the query cache, for what the main process pushes: a record
 * changed in place, records shown at the top when the administrator asks, records removed once
 * they have faded out.
 */

type Paged<T> = InfiniteData<Page<T>, unknown> | undefined;

const eachPage = <T>(data: Paged<T>, edit: (rows: T[], index: number) => T[]): Paged<T> =>
  data && Array.isArray(data.pages) ? { ...data, pages: data.pages.map((page, i) => ({ ...page, rows: edit(page.rows, i) })) } : data;

export const shownIds = <T extends { id: string }>(data: Paged<T>): Set<string> =>
  new Set(data?.pages?.flatMap((page) => page.rows.map((row) => row.id)) ?? []);

export const replaceRows = <T extends { id: string }>(data: Paged<T>, changed: readonly T[]): Paged<T> => {
  const byId = new Map(changed.map((row) => [row.id, row]));
  return eachPage(data, (rows) => rows.map((row) => byId.get(row.id) ?? row));
};

/** New records go on top of the first page, above what the administrator was looking at; never twice. */
export const placeOnTop = <T extends { id: string }>(data: Paged<T>, arrived: readonly T[]): Paged<T> => {
  const ids = new Set(arrived.map((row) => row.id));
  return eachPage(data, (rows, index) => [...(index === 0 ? arrived : []), ...rows.filter((row) => !ids.has(row.id))]);
};

export const removeRows = <T extends { id: string }>(data: Paged<T>, ids: ReadonlySet<string>): Paged<T> =>
  eachPage(data, (rows) => rows.filter((row) => !ids.has(row.id)));

/** Adds records to a waiting list, newest knowledge winning, in arrival order. */
export const mergeById = <T extends { id: string }>(waiting: readonly T[], more: readonly T[]): T[] => {
  const byId = new Map(waiting.map((row) => [row.id, row]));
  for (const row of more) byId.set(row.id, row);
  return [...byId.values()];
};
