import { Button, Card, Flex, Form, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { ROUTES } from '../../../config/routes';
import { RangeSelector } from '../../../components/date-range/range-selector';
import { DEFAULT_RANGE_PRESET, resolveRangeSelection, type RangeSelection } from '../../../lib/date-ranges';
import { useGetTagTreeQuery } from '../api';
import { ExplorerLinks } from '../components/explorer-links';
import { PairSelect } from '../components/pair-select';
import { TagTreeSelect } from '../components/tag-tree-select';
import { useOfferedPairs } from '../hooks/use-offered-pairs';
import {
  parseMultipleCorrelationQuery,
  serializeMultipleCorrelationQuery,
  type MultipleCorrelationQuery,
} from '../multiple-correlation-query';
import { MAX_MULTIPLE_CORRELATION_PAIRS } from '../pair-selection';

// /explorer-multiple-correlation-variables (spec part 2 §2, §4): X and Y tag filters make the pair options;
// up to 4 pairs and the dates. Every change is written to the address (replacing the entry), so a reload
// or a shared link shows the same selection. The dates as on the simple correlation's selection: a preset
// ("today" first) is written as the dates it stands for and resolved again by Explore.
export function ExplorerMultipleCorrelationVariablesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useMemo(() => parseMultipleCorrelationQuery(params), [params]);
  const tree = useGetTagTreeQuery();
  const [rangeSelection, setRangeSelection] = useState<RangeSelection>(() =>
    query.range ? { choice: 'custom', range: query.range } : { choice: DEFAULT_RANGE_PRESET },
  );
  const update = (change: Partial<MultipleCorrelationQuery>, selection = rangeSelection) =>
    navigate(
      {
        search: serializeMultipleCorrelationQuery(params, {
          ...query,
          range: resolveRangeSelection(selection, dayjs()),
          ...change,
        }),
      },
      { replace: true },
    );
  const offered = useOfferedPairs(query, (pairs) => update({ pairs }));

  let tagsBody;
  if (tree.isError) {
    tagsBody = <ApiErrorAlert title={t('correlation.multiple.tagsLoadError')} error={tree.error} />;
  } else if (!tree.data) {
    tagsBody = <Spin aria-label={t('app.loading')} />;
  } else {
    tagsBody = (
      <Flex gap={16} wrap>
        <Form.Item label={t('correlation.multiple.tagsX')} style={{ flex: 1, minWidth: 280, margin: 0 }}>
          <TagTreeSelect
            aria-label={t('correlation.multiple.tagsX')}
            tree={tree.data}
            value={query.tagsX}
            onChange={(tagsX) => update({ tagsX, ...(tagsX.length === 0 && { pairs: [] }) })}
          />
        </Form.Item>
        <Form.Item label={t('correlation.multiple.tagsY')} style={{ flex: 1, minWidth: 280, margin: 0 }}>
          <TagTreeSelect
            aria-label={t('correlation.multiple.tagsY')}
            tree={tree.data}
            value={query.tagsY}
            onChange={(tagsY) => update({ tagsY, ...(tagsY.length === 0 && { pairs: [] }) })}
          />
        </Form.Item>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.Explore} title={t('correlation.multiple.variablesTitle')} />
        <ExplorerLinks filter="explorer-multiple-correlation" origin="ExplorerMultipleCorrelationVariables" />
      </Flex>
      <Card title={t('correlation.multiple.tagsX') + ' / ' + t('correlation.multiple.tagsY')}>
        {tagsBody}
      </Card>
      <Card title={t('correlation.multiple.pairs')}>
        <Flex vertical gap={8}>
          {offered.needsTags ? (
            <Typography.Text type="secondary">{t('correlation.multiple.pairsNeedTags')}</Typography.Text>
          ) : offered.isError ? (
            <ApiErrorAlert title={t('correlation.multiple.pairsLoadError')} error={offered.error} />
          ) : (
            <>
              <PairSelect
                aria-label={t('correlation.multiple.pairs')}
                options={offered.options}
                loading={offered.isFetching}
                value={query.pairs}
                onChange={(pairs) => update({ pairs })}
              />
              <Typography.Text type="secondary">
                {offered.isSuccess && offered.options.length === 0
                  ? t('correlation.multiple.noPairs')
                  : t('correlation.multiple.pairsHelp', { max: MAX_MULTIPLE_CORRELATION_PAIRS })}
              </Typography.Text>
            </>
          )}
        </Flex>
      </Card>
      <Card title={t('explorer.range.label')}>
        <RangeSelector
          value={rangeSelection}
          onChange={(selection) => {
            setRangeSelection(selection);
            update({}, selection);
          }}
        />
      </Card>
      <Flex gap={8} justify="flex-end">
        <Button onClick={() => update({ tagsX: [], tagsY: [], pairs: [] })}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          disabled={query.pairs.length === 0}
          onClick={() =>
            navigate({
              pathname: ROUTES.ExplorerMultipleCorrelation,
              search: serializeMultipleCorrelationQuery(params, {
                ...query,
                range: resolveRangeSelection(rangeSelection, dayjs()),
              }),
            })
          }
        >
          {t('explorer.explore')}
        </Button>
      </Flex>
    </Flex>
  );
}
