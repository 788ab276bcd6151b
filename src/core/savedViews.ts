import { randomUUID } from 'node:crypto';
import { AppError } from '../shared/result';
import { MAX_SAVED_VIEWS, type SavedView } from '../shared/schemas/views';
import type { PrefsStore } from './ports/prefsStore';

/**
 * Saved views, kept in the preferences file of the data folder: a list's filters and order under a
 * name, shown under the list's screen in the sidebar. Names are unique per screen (case aside).
 */

const screenWords: Record<SavedView['screen'], string> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  investments: 'investments',
  compoundInvestments: 'compound investments',
  users: 'customers'
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function savedViews(prefs: PrefsStore) {
  const all = (): SavedView[] => prefs.read().savedViews ?? [];
  const taken = (views: SavedView[], view: Pick<SavedView, 'screen' | 'name'>, except?: string) =>
    views.some((other) => other.id !== except && other.screen === view.screen && sameName(other.name, view.name));
  const refuseTaken = (view: Pick<SavedView, 'screen' | 'name'>) =>
    new AppError('CONFLICT', `A view of ${screenWords[view.screen]} is already called "${view.name.trim()}". Choose another name.`);
  const find = (views: SavedView[], id: string) => {
    const found = views.find((view) => view.id === id);
    if (!found) throw new AppError('NOT_FOUND', 'This view no longer exists.');
    return found;
  };

  return {
    list: (): { views: SavedView[] } => ({ views: all() }),
    save(view: Omit<SavedView, 'id'>): SavedView {
      const views = all();
      if (views.length >= MAX_SAVED_VIEWS) throw new AppError('CONFLICT', `Ledgerdesk keeps at most ${MAX_SAVED_VIEWS} views. Delete one first.`);
      if (taken(views, view)) throw refuseTaken(view);
      const saved: SavedView = { ...view, name: view.name.trim(), id: randomUUID() };
      prefs.update({ savedViews: [...views, saved] });
      return saved;
    },
    rename(id: string, name: string): SavedView {
      const views = all();
      const view = find(views, id);
      if (taken(views, { screen: view.screen, name }, id)) throw refuseTaken({ screen: view.screen, name });
      const renamed = { ...view, name: name.trim() };
      prefs.update({ savedViews: views.map((v) => (v.id === id ? renamed : v)) });
      return renamed;
    },
    remove(id: string): null {
      const views = all();
      find(views, id);
      prefs.update({ savedViews: views.filter((v) => v.id !== id) });
      return null;
    }
  };
}
