import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FromToFilter } from '../../../components/date-range/from-to-filter';
import type { useRangeDraft } from '../hooks/use-range-draft';

interface RangeDraftFilterProps {
  rangeDraft: ReturnType<typeof useRangeDraft>;
}

// The From/To filters over an explorer chart and the Explore button that applies them.
export function RangeDraftFilter({ rangeDraft }: RangeDraftFilterProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" wrap>
      <FromToFilter value={rangeDraft.draft} onChange={rangeDraft.setDraft} />
      <Button type="primary" icon={<SearchOutlined />} onClick={rangeDraft.explore}>
        {t('explorer.explore')}
      </Button>
    </Flex>
  );
}
