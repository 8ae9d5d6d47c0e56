import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { TagTreeSelect } from '../../../components/variable-pickers/tag-tree-select';
import { VariableTable } from '../../../components/variable-table/variable-table';
import { ROUTES } from '../../../config/routes';
import { useGetTagTreeQuery } from '../../../lib/variable-api';
import { useAddTagsToVariablesMutation, useRemoveTagsFromVariablesMutation } from '../api';
import { withoutSystemTags } from '../tag-tree-edit';

// /tags, tag assignment (part 1 §2): tags chosen in the tree are added to or removed from the checked
// variables. The checks are kept across pages and filters; the header box checks the page shown.
export function TagAssignmentPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tree = useGetTagTreeQuery();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [filterTags, setFilterTags] = useState<number[]>([]);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [addTags, adding] = useAddTagsToVariablesMutation();
  const [removeTags, removing] = useRemoveTagsFromVariablesMutation();
  const ready = tagIds.length > 0 && selectedIds.length > 0;

  const change = async (action: 'add' | 'remove') => {
    const result = await (action === 'add' ? addTags : removeTags)({ variableIds: selectedIds, tagIds });
    if (result.error) void message.error(t('tags.assignError'));
    else
      void message.success(
        t(action === 'add' ? 'tags.added' : 'tags.removed', { count: result.data.changed }),
      );
  };

  return (
    <Flex vertical gap={16}>
      <PageHeading backTo={ROUTES.VariableTagTree} title={t('routes.Tags')} level={3} />
      {tree.isError && <ApiErrorAlert title={t('tags.treeError')} error={tree.error} />}
      <Row gutter={[16, 16]} align="bottom">
        <Col xs={24} md={12}>
          <Typography.Text strong>{t('tags.tagsToGive')}</Typography.Text>
          <TagTreeSelect
            aria-label={t('tags.tagsToGive')}
            tree={withoutSystemTags(tree.data ?? [])}
            value={tagIds}
            onChange={setTagIds}
          />
        </Col>
        <Col xs={24} md={12}>
          <Flex gap={8} wrap align="center">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!ready}
              loading={adding.isLoading}
              onClick={() => void change('add')}
            >
              {t('tags.addToVariables')}
            </Button>
            <Button
              icon={<MinusOutlined />}
              disabled={!ready}
              loading={removing.isLoading}
              onClick={() => void change('remove')}
            >
              {t('tags.removeFromVariables')}
            </Button>
            <Typography.Text aria-live="polite">
              {t('tags.selected', { count: selectedIds.length })}
            </Typography.Text>
            {selectedIds.length > 0 && (
              <Button type="link" onClick={() => setSelectedIds([])}>
                {t('tags.clearSelection')}
              </Button>
            )}
          </Flex>
        </Col>
      </Row>
      <div>
        <Typography.Text strong>{t('tags.filter')}</Typography.Text>
        <TagTreeSelect
          aria-label={t('tags.filter')}
          tree={tree.data ?? []}
          value={filterTags}
          onChange={setFilterTags}
        />
      </div>
      <VariableTable
        aria-label={t('tags.variables')}
        columns={['reference', 'name', 'unit', 'tags']}
        tags={filterTags}
        selection={{ selectedIds, onChange: setSelectedIds }}
      />
    </Flex>
  );
}
