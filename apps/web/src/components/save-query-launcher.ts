import { createContext, useContext } from 'react';

// Saving an explorer view as a named query belongs to the saved-queries feature, and features do not import
// each other: the app provides the launcher (opening that feature's save modal) and every explorer screen
// reaches it through this context. Without a provider the explorers offer no "save as query".
export interface SaveQueryRequest {
  /** the explorer page path with its query string (spec part 2 §3 "Query to save") */
  relativePath: string;
  /** the query name the view was opened with, as a starting name */
  name: string | null;
}

export type SaveQueryLauncher = (request: SaveQueryRequest) => void;

export const SaveQueryLauncherContext = createContext<SaveQueryLauncher | null>(null);

export function useSaveQueryLauncher(): SaveQueryLauncher | null {
  return useContext(SaveQueryLauncherContext);
}
