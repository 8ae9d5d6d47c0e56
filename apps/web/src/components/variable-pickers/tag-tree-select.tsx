import type { TagTreeNodeDto } from '@plantlens/contracts';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { PICKER_LIST_HEIGHT_PX } from './variable-option';

// value and onChange are optional so that an antd Form.Item can hand them in.
interface TagTreeSelectProps {
  tree: TagTreeNodeDto[];
  value?: number[];
  onChange?: (tagIds: number[]) => void;
  loading?: boolean;
  'aria-label': string;
}

interface TagOption {
  value: number;
  title: string;
  children: TagOption[];
}

const toOption = ({ id, name, children }: TagTreeNodeDto): TagOption => ({
  value: id,
  title: name,
  children: children.map(toOption),
});

// Tags chosen from the tag tree: a filter (each tag standing for itself and its descendants, the server's
// rule) or the tags a variable carries.
export function TagTreeSelect({
  tree,
  value = [],
  onChange,
  loading,
  'aria-label': ariaLabel,
}: TagTreeSelectProps) {
  const { t } = useTranslation();
  return (
    <TreeSelect<number[]>
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      listHeight={PICKER_LIST_HEIGHT_PX}
      placeholder={t('variablePicker.tagsPlaceholder')}
      loading={loading}
      treeData={tree.map(toOption)}
      value={value}
      onChange={(tagIds) => onChange?.(tagIds ?? [])}
    />
  );
}
