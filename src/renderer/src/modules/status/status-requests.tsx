import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** A change asked for from outside a row's cell: a status key pressed on the focused row. */
interface StatusRequests {
  asking: { rowId: string; status: string } | null;
  ask: (rowId: string, status: string) => void;
  close: () => void;
}

const Requests = createContext<StatusRequests | null>(null);

/** Around a table whose rows' decisions can be opened by keyboard as well as by their select. */
export function StatusRequestsProvider({ children }: { children: ReactNode }) {
  const [asking, setAsking] = useState<StatusRequests['asking']>(null);
  const value = useMemo(() => ({ asking, ask: (rowId: string, status: string) => setAsking({ rowId, status }), close: () => setAsking(null) }), [asking]);
  return <Requests.Provider value={value}>{children}</Requests.Provider>;
}

/** Opens a row's decision as its select would (a status key on the focused row). */
export const useAskStatus = () => useContext(Requests)?.ask;

/**
 * The status a row's decision is open for, one of `statuses`, and how to open or close it: shared
 * with the table's keys when there is a provider, the cell's own otherwise (a table without keyboard).
 */
export function useAsking<S extends string>(rowId: string, statuses: readonly S[]): [S | null, (status: S | null) => void] {
  const shared = useContext(Requests);
  const [own, setOwn] = useState<S | null>(null);
  if (!shared) return [own, setOwn];
  const asked = shared.asking?.rowId === rowId ? shared.asking.status : null;
  return [statuses.find((status) => status === asked) ?? null, (next) => (next ? shared.ask(rowId, next) : shared.close())];
}
