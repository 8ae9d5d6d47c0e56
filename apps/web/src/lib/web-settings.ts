import { createContext, useContext } from 'react';
import { AUTH_SETTINGS, type AuthSettings } from '../config/auth';
import { SITE_SETTINGS, type SiteSettings } from '../config/site';

export interface WebSettings {
  auth: AuthSettings;
  site: SiteSettings;
}

// Components read the deployment settings of config/ through a context rather than by import, so one
// build's screens can run under another deployment's settings (the tests render both sign-in modes).
const WebSettingsContext = createContext<WebSettings>({ auth: AUTH_SETTINGS, site: SITE_SETTINGS });

export const WebSettingsProvider = WebSettingsContext.Provider;

export function useWebSettings(): WebSettings {
  return useContext(WebSettingsContext);
}
