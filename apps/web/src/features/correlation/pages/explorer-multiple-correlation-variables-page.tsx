import { Card, Flex, Form, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ROUTES } from '../../../config/routes';
import { useGetTagTreeQuery } from '../../../lib/variable-api';
import { PairSelect } from '../components/pair-select';
import { SelectionFrame } from '../components/selection-frame';
import { TagTreeSelect } from '../../../components/variable-pickers/tag-tree-select';
import { useOfferedPairs } from '../hooks/use-offered-pairs';
import { useSelectionAddress } from '../hooks/use-selection-address';
import {
  parseMultipleCorrelationQuery,
  serializeMultipleCorrelationQuery,
} from '../multiple-correlation-query';
import { MAX_MULTIPLE_CORRELATION_PAIRS } from '../pair-selection';

// /explorer-multiple-correlation-variables (spec part 2 §2, §4): X and Y tag filters make the pair options;
// up to 4 pairs and the dates. Every change is written to the address (replacing the entry), so a reload
// or a shared link shows the same selection. The dates as on the simple correlation's selection: a preset
// ("today" first) is written as the dates it stands for and resolved again by Explore.
export function ExplorerMultipleCorrelationVariablesPage() {
  const { t } = useTranslation();
  const { query, params, navigate, update, dates, resolvedRange } = useSelectionAddress({
    parse: parseMultipleCorrelationQuery,
    serialize: serializeMultipleCorrelationQuery,
  });
  const tree = useGetTagTreeQuery();
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
    <SelectionFrame
      title={t('correlation.multiple.variablesTitle')}
      filter="explorer-multiple-correlation"
      origin="ExplorerMultipleCorrelationVariables"
      {...dates}
      onCancel={() => update({ tagsX: [], tagsY: [], pairs: [] })}
      onExplore={() =>
        navigate({
          pathname: ROUTES.ExplorerMultipleCorrelation,
          search: serializeMultipleCorrelationQuery(params, { ...query, range: resolvedRange() }),
        })
      }
      canExplore={query.pairs.length > 0}
    >
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
    </SelectionFrame>
  );
}
