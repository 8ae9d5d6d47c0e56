import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { RouteName } from '../config/routes';
import { sendPageView } from '../lib/analytics';
import { useWebSettings } from '../lib/web-settings';

// Wraps every page route, so it runs only for a page actually shown — never for an address a guard or
// the root redirects away from: the tab title ("Users · Plantlens", in the current language) and one
// analytics page view per visit when a tracking code is configured (spec part 1 §2). The page is the
// route's child, or `children` for a route without one (NotFound).
export function PageFrame({ route, children }: { route: RouteName; children?: ReactNode }) {
  const { t } = useTranslation();
  const { site } = useWebSettings();
  const location = useLocation();
  // The valve deployment keeps one fixed tab title (spec part 2 §1).
  const title = site.valveDeployment ? site.productTitle : `${t(`routes.${route}`)} · ${site.productTitle}`;
  // Development's StrictMode runs effects twice; a visit is one page view.
  const trackedVisit = useRef<string>(undefined);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Reads the path and title of the moment without making them reasons to send again.
  const trackVisit = useEffectEvent((trackingCode: string) =>
    sendPageView(trackingCode, { path: location.pathname + location.search, title }),
  );
  useEffect(() => {
    if (!site.trackingCode || trackedVisit.current === location.key) return;
    trackedVisit.current = location.key;
    trackVisit(site.trackingCode);
  }, [site.trackingCode, location.key]);

  return children ?? <Outlet />;
}
