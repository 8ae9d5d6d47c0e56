import { useCallback, useState, type ReactNode } from 'react';
import { SaveQueryLauncherContext } from '../components/save-query-launcher';
import { SaveQueryModal, canSaveQueries } from '../features/queries/components/save-query-modal';

interface SaveQueryProviderProps {
  authorities: readonly string[];
  children: ReactNode;
}

// Joins the explorers' "save as query" to the saved-queries feature (features do not import each other):
// only users who may save queries get a launcher; the modal saves the address on screen.
export function SaveQueryProvider({ authorities, children }: SaveQueryProviderProps) {
  const [open, setOpen] = useState(false);
  const launch = useCallback(() => setOpen(true), []);
  return (
    <SaveQueryLauncherContext.Provider value={canSaveQueries(authorities) ? launch : null}>
      {children}
      <SaveQueryModal open={open} onClose={() => setOpen(false)} />
    </SaveQueryLauncherContext.Provider>
  );
}
