import { EditOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconLink } from '../../../components/icon-link';
import { PageHeading } from '../../../components/page-heading';
import { VariableTable } from '../../../components/variable-table/variable-table';
import { ROUTES } from '../../../config/routes';
import { useGetCategoryGroupsQuery } from '../../../lib/category-api';
import { variableEditPath } from '../../../components/variable-table/variable-edit-path';

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
        actions={(variable) => (
          <IconLink
            to={variableEditPath(variable, 'RawVariableList')}
            icon={<EditOutlined />}
            label={t('variableTable.edit', { name: variable.name })}
          />
        )}
      />
    </Flex>
  );
}
