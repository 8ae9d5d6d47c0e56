import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { valveZoomSlice } from '../features/valves/zoom-slice';
import { api } from '../lib/api';

export function makeStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [valveZoomSlice.reducerPath]: valveZoomSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  // The tab's visibility and focus reach RTK Query: live lists pause their polling while the tab is
  // hidden and reload when it shows again (queries opt in; the others are unaffected).
  setupListeners(store.dispatch);
  return store;
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
