// Deployment settings of the browser tab and analytics (spec part 1 §1: "Page title and analytics tracking
// codes are configurable").
export interface SiteSettings {
  /** the product name: the end of every tab title ("Users · Plantlens") and the heading of the shell */
  productTitle: string;
  /** a Google Analytics (gtag.js) measurement id such as G-XXXXXXX; null loads and sends nothing */
  trackingCode: string | null;
}

export const SITE_SETTINGS: SiteSettings = {
  productTitle: 'Plantlens',
  trackingCode: null,
};
