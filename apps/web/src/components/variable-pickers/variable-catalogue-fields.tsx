import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetCategoryGroupsQuery } from '../../lib/category-api';
import { useGetTagTreeQuery } from '../../lib/variable-api';
import { TagTreeSelect } from './tag-tree-select';

// What every variable editor lets change besides the name (spec part 1 §3): the unit, the categorical group
// and the tags, as items `unit`, `categoryId` and `tags` of the surrounding antd Form.
export function VariableCatalogueFields() {
  const { t } = useTranslation();
  const categories = useGetCategoryGroupsQuery();
  const tagTree = useGetTagTreeQuery();
  return (
    <>
      <Form.Item name="unit" label={t('variablePicker.unit')}>
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      {categories.isError && <Alert type="error" showIcon title={t('variablePicker.categoriesError')} />}
      <Form.Item name="categoryId" label={t('variablePicker.category')}>
        <Select<number | null>
          aria-label={t('variablePicker.category')}
          loading={categories.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: null, label: t('variablePicker.noCategory') },
            ...(categories.data ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
        />
      </Form.Item>
      {tagTree.isError && <Alert type="error" showIcon title={t('variablePicker.tagsError')} />}
      <Form.Item name="tags" label={t('variablePicker.tags')}>
        <TagTreeSelect
          tree={tagTree.data ?? []}
          loading={tagTree.isLoading}
          aria-label={t('variablePicker.tags')}
        />
      </Form.Item>
    </>
  );
}
