import { configureStore } from '@reduxjs/toolkit';
import { valveZoomSlice } from '../features/valves/zoom-slice';
import { api } from '../lib/api';

export function makeStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, [valveZoomSlice.reducerPath]: valveZoomSlice.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
