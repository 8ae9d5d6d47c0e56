import { AppstoreOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { PageHeading } from '../../../components/page-heading';
import { VariableTable } from '../../../components/variable-table/variable-table';
import { ROUTES } from '../../../config/routes';
import { useGetCategoryGroupsQuery } from '../../../lib/category-api';

// /variable-management (part 1 §2): every variable, raw and aggregate, with its type and categories; links
// to the taxonomy and the categorical variables.
export function VariableManagementPage() {
  const { t } = useTranslation();
  const categories = useGetCategoryGroupsQuery();
  return (
    <Flex vertical gap={16}>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.Workspace} title={t('routes.VariableManagement')} level={3} />
        <Flex gap={8}>
          <Link to={ROUTES.VariableTagTree}>
            <Button icon={<TagsOutlined />}>{t('routes.VariableTagTree')}</Button>
          </Link>
          <Link to={ROUTES.CategoricalVariableList}>
            <Button icon={<AppstoreOutlined />}>{t('routes.CategoricalVariableList')}</Button>
          </Link>
        </Flex>
      </Flex>
      <VariableTable
        aria-label={t('routes.VariableManagement')}
        categoryGroups={categories.data}
        editFrom="VariableManagement"
      />
    </Flex>
  );
}
