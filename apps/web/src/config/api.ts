// Every HTTP call of the web app goes under this prefix: `auth/…` for sign-in, `web/…` for the rest (the
// gateway routes it; vite proxies it in dev).
export const API_BASE_URL = '/api';
