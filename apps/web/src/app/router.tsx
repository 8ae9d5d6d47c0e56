import { Navigate, createBrowserRouter } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { ROUTES } from '../config/routes';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';

// Each feature page is its own chunk, fetched the first time its route is visited.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Navigate to={ROUTES.ExplorerEvolution} replace /> },
      {
        path: ROUTES.ExplorerEvolution,
        lazy: async () => ({
          Component: (await import('../features/explorer/pages/explorer-evolution-page'))
            .ExplorerEvolutionPage,
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
