import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The row whose details are open (a withdrawal's facts), opened by its toggle or by Enter on the row. */
interface OpenedRow {
  opened: string | null;
  setOpened: (rowId: string | null) => void;
}

const Opened = createContext<OpenedRow | null>(null);

export function OpenedRowProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<string | null>(null);
  const value = useMemo(() => ({ opened, setOpened }), [opened]);
  return <Opened.Provider value={value}>{children}</Opened.Provider>;
}

/** Opens a row's details from the table's keys; undefined outside a provider. */
export const useOpenedRow = () => useContext(Opened);

/** Whether this row's details are open, shared with the table's keys when there is a provider. */
export function useRowDetails(rowId: string): [boolean, (open: boolean) => void] {
  const shared = useContext(Opened);
  const [own, setOwn] = useState(false);
  if (!shared) return [own, setOwn];
  return [shared.opened === rowId, (open) => shared.setOpened(open ? rowId : shared.opened === rowId ? null : shared.opened)];
}
