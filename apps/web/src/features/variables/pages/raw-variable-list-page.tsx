import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { VariableTable } from '../../../components/variable-table/variable-table';
import { ROUTES } from '../../../config/routes';
import { useGetCategoryGroupsQuery } from '../../../lib/category-api';

// /raw-variable/list (part 1 §2): the measured variables, each opening the raw variable editor.
export function RawVariableListPage() {
  const { t } = useTranslation();
  const categories = useGetCategoryGroupsQuery();
  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.Workspace} title={t('routes.RawVariableList')} level={3} />
      <VariableTable
        aria-label={t('routes.RawVariableList')}
        origin="raw"
        columns={['reference', 'name', 'unit', 'tags', 'type']}
        categoryGroups={categories.data}
        editFrom="RawVariableList"
      />
    </Flex>
  );
}
