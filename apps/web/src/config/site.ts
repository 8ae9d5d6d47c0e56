import { COMPLETE_LANGUAGES, type Language } from './languages';

// Deployment settings of the browser tab and analytics (spec part 1 §1: "Page title and analytics tracking
// codes are configurable"), and of the language switcher.
export interface SiteSettings {
  /** the product name: the end of every tab title ("Users · Plantlens") and the heading of the shell */
  productTitle: string;
  /** a Google Analytics (gtag.js) measurement id such as G-XXXXXXX; null loads and sends nothing */
  trackingCode: string | null;
  /**
   * the valve-monitoring deployment of spec part 2 §2: home /ampo/current-status, a main menu of current
   * status, historic analysis and explorer, the fixed product title in the tab, and incident navigation
   * to the historic analysis. Off: the valve screens are ordinary menu entries and workspace tiles.
   */
  valveDeployment: boolean;
  /**
   * the languages of the switcher's dropdown (spec part 1 §2); null: no list, and the switcher is a toggle
   * between the default language and the first fallback (Spanish and English)
   */
  languageList: readonly Language[] | null;
}

export const SITE_SETTINGS: SiteSettings = {
  productTitle: 'Plantlens',
  trackingCode: null,
  valveDeployment: false,
  // Italian and German are partial (most texts fall back to English): offered only where a deployment
  // lists them, e.g. languageList: LANGUAGES.
  languageList: COMPLETE_LANGUAGES,
};
