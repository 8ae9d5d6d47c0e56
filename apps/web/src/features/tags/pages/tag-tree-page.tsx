import { TagsOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrivalAlert } from '../../../components/arrival-alert';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { VariableTable } from '../../../components/variable-table/variable-table';
import { ROUTES } from '../../../config/routes';
import { useGetTagTreeQuery } from '../../../lib/variable-api';
import { TagTreeEditor } from '../components/tag-tree-editor';

// /tags-tree, the taxonomy (part 1 §2): the tag tree on the left, the variables of the checked tags on the
// right, and a button to the tag assignment screen.
export function TagTreePage() {
  const { t } = useTranslation();
  const tree = useGetTagTreeQuery();
  const [checkedIds, setCheckedIds] = useState<number[]>([]);
  return (
    <Flex vertical gap={16}>
      <ArrivalAlert />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading backTo={ROUTES.VariableManagement} title={t('routes.VariableTagTree')} level={3} />
        <Link to={ROUTES.Tags}>
          <Button icon={<TagsOutlined />}>{t('tags.toAssignment')}</Button>
        </Link>
      </Flex>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{t('tags.tree')}</Typography.Title>
          {tree.isError ? (
            <ApiErrorAlert title={t('tags.treeError')} error={tree.error} />
          ) : tree.data ? (
            <TagTreeEditor
              tree={tree.data}
              reload={() => void tree.refetch()}
              checkedIds={checkedIds}
              onCheck={setCheckedIds}
            />
          ) : (
            <Spin />
          )}
        </Col>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>{t('tags.variables')}</Typography.Title>
          <VariableTable
            aria-label={t('tags.variables')}
            columns={['reference', 'name', 'unit', 'tags']}
            tags={checkedIds}
            editFrom="VariableTagTree"
          />
        </Col>
      </Row>
    </Flex>
  );
}
