// Google Analytics page views (gtag.js), only for a deployment that configures a tracking code: without
// one nothing is loaded and nothing leaves the browser (plants are often air-gapped).
const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export interface PageView {
  /** pathname and query of the page */
  path: string;
  title: string;
}

// Google's loader snippet: commands queue in `dataLayer` until the script arrives and replays them.
function loadGtag(trackingCode: string): Gtag {
  if (window.gtag) return window.gtag;
  const dataLayer = (window.dataLayer ??= []);
  window.gtag = function gtag() {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  // One page view per route change is sent below; gtag's own on-load page view would double the first.
  window.gtag('config', trackingCode, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(trackingCode)}`;
  document.head.append(script);
  return window.gtag;
}

export function sendPageView(trackingCode: string, { path, title }: PageView): void {
  loadGtag(trackingCode)('event', 'page_view', {
    send_to: trackingCode,
    page_path: path,
    page_location: `${window.location.origin}${path}`,
    page_title: title,
  });
}
