import type { RecordMatch } from '@shared/contract';
import { errorMessage } from '../../lib/api';
import { MIN_SEARCH_LENGTH, useCustomerSearch, useDebounced } from '../customers/customer-search';
import { customerItem, looksLikeId, recordsNamedBy, type PaletteItem } from './palette-items';
import type { RecordSource } from './record-source';

const SEARCH_DELAY_MS = 200;

export interface PaletteSearch {
  users: PaletteItem[];
  records: PaletteItem[];
  /** Text long enough to search, whose answer has not come yet. */
  searching: boolean;
  /** Why the search for the text on screen failed. */
  failure: string | null;
  /** The answer on screen is the one for the text typed now. */
  current: boolean;
}

function recordItem(match: RecordMatch, source: RecordSource, stale: boolean): PaletteItem {
  const look = source.lookOf(match.kind);
  const { status, text } = source.detailOf(match);
  return {
    value: `record ${match.kind} ${match.id}`,
    label: match.label,
    noun: look.noun,
    detail: text,
    status,
    icon: look.icon,
    tint: look.tint,
    stale,
    run: { to: source.pathOf(match) }
  };
}

/**
 * Customers and records for the palette's text, after a short pause in the typing: a name or an
 * e-mail is a user search (users.search); a pasted id is records.find, which names the record
 * and, when no record has that id, answers the user search itself. One request either way.
 */
export function usePaletteSearch(text: string, source: RecordSource): PaletteSearch {
  const typed = text.trim();
  const searched = useDebounced(typed, SEARCH_DELAY_MS);
  const byId = looksLikeId(searched);
  const userSearch = useCustomerSearch(byId ? '' : searched);
  const found = source.useFind(byId ? searched : '');
  const query = byId ? found : userSearch;

  const enough = typed.length >= MIN_SEARCH_LENGTH;
  const current = enough && searched === typed && query.isSuccess && !query.isPlaceholderData;
  const failed = enough && searched === typed && query.isError && !query.isFetching;
  const stale = !current;

  if (!enough) return { users: [], records: [], searching: false, failure: null, current: false };

  let users: PaletteItem[] = [];
  let records: PaletteItem[] = [];
  if (byId) {
    const matches = found.data?.matches ?? [];
    const named = recordsNamedBy(searched, matches);
    records = named.map((match) => recordItem(match, source, stale));
    users = matches
      .filter((match) => !named.includes(match) && match.kind === 'user')
      .map((match) => customerItem({ id: match.id, fullname: match.label, email: match.detail }, source.lookOf('user'), stale));
  } else {
    users = (userSearch.data?.rows ?? []).map((row) => customerItem(row, source.lookOf('user'), stale));
  }

  return {
    users,
    records,
    searching: !current && !failed,
    failure: failed ? errorMessage(query.error) : null,
    current
  };
}
