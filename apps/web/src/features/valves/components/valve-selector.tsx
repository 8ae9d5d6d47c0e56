import type { PlantTreeDto } from '@plantlens/contracts';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';

interface ValveSelectorProps {
  tree: PlantTreeDto | undefined;
  value: string | undefined;
  onChange: (asset: string) => void;
}

// Single choice over the plant tree where only the valves (the leaves) can be picked, never cleared.
export function ValveSelector({ tree, value, onChange }: ValveSelectorProps) {
  const { t } = useTranslation();
  const treeData = (tree ?? []).map((drum) => ({
    value: drum.id,
    title: drum.label,
    selectable: false,
    children: drum.children.map((type) => ({
      value: `${drum.id}/${type.type}`,
      title: type.label,
      selectable: false,
      children: type.children.map((asset) => ({ value: asset.id, title: asset.label, isLeaf: true })),
    })),
  }));
  return (
    <TreeSelect
      aria-label={t('ampo.historic.valve')}
      data-testid="valve-selector"
      style={{ width: 220 }}
      treeData={treeData}
      value={value}
      placeholder={t('ampo.historic.chooseValve')}
      allowClear={false}
      treeDefaultExpandAll
      loading={!tree}
      onChange={(asset: string) => onChange(asset)}
    />
  );
}
