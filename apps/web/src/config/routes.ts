// Every route of the app, by the name the spec gives it. Lives in config so features can link to each
// other's pages without importing each other.
export const ROUTES = {
  ExplorerEvolution: '/explorer-evolution',
} as const;
