import { Breadcrumb, theme, type BreadcrumbProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageBreadcrumbItems, type BreadcrumbItem } from '../components/page-breadcrumb';
import { BREADCRUMB_RESERVED_PX } from '../config/ui';
import { ROUTES, breadcrumbTrail, type RouteName } from '../config/routes';
import { foldBreadcrumb } from '../lib/breadcrumb-fold';
import { textWidthIn } from '../lib/text-width';
import { useElementWidth } from '../lib/use-element-width';

interface AppBreadcrumbProps {
  route: RouteName | undefined;
}

// The trail of the current route, or the one its page sets; when too narrow (100 px kept free, spec part 1
// §2), middle items fold into a dropdown.
export function AppBreadcrumb({ route }: AppBreadcrumbProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const pageItems = usePageBreadcrumbItems();
  const trail: BreadcrumbItem[] =
    pageItems ??
    (route ? breadcrumbTrail(route) : []).map((name) => ({ label: t(`routes.${name}`), to: ROUTES[name] }));
  const labels = trail.map(({ label }) => label);
  // Until measured (width 0) nothing folds; once laid out, the labels are measured in the breadcrumb's font.
  const measured = width > 0;
  const available = measured ? width - BREADCRUMB_RESERVED_PX : Number.POSITIVE_INFINITY;
  const labelWidth = measured ? textWidthIn(`${token.fontSize}px ${token.fontFamily}`) : undefined;
  const { shown, folded } = foldBreadcrumb(labels, available, labelWidth);
  const link = (index: number) =>
    index === trail.length - 1 ? labels[index] : <Link to={trail[index].to}>{labels[index]}</Link>;

  const items: NonNullable<BreadcrumbProps['items']> = shown.map((index) => ({
    key: index,
    title: link(index),
  }));
  if (folded.length > 0) {
    items.splice(1, 0, {
      key: 'folded',
      title: <span aria-label={t('shell.moreBreadcrumbs')}>…</span>,
      menu: { items: folded.map((index) => ({ key: index, label: link(index) })) },
    });
  }
  return (
    <div ref={ref} style={{ flex: 1, minWidth: 0 }}>
      <Breadcrumb aria-label={t('shell.breadcrumb')} items={items} />
    </div>
  );
}
