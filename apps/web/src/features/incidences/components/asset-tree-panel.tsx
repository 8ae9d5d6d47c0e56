import { Badge, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { assetLabel, type AssetNode } from '../asset-tree';
import { MARKER_COLOURS, markerState } from '../map-markers';

interface AssetTreePanelProps {
  nodes: AssetNode[];
  selectedId: number | undefined;
  onSelect: (node: AssetNode) => void;
}

// The asset tree beside the map: each asset by its label with its count of open incidences, in the
// marker's colour.
export function AssetTreePanel({ nodes, selectedId, onSelect }: AssetTreePanelProps) {
  const { t } = useTranslation();
  const byKey = new Map<string, AssetNode>();
  const toData = (node: AssetNode): TreeDataNode => {
    byKey.set(String(node.id), node);
    return {
      key: String(node.id),
      title: (
        <span data-testid={`asset-${node.name}`}>
          {assetLabel(node)}{' '}
          <Badge
            count={node.count ?? '?'}
            showZero
            color={MARKER_COLOURS[markerState(node.count)]}
            title={
              node.count === null
                ? t('incidences.currentStatus.countUnknown')
                : t('incidences.currentStatus.count', { count: node.count })
            }
          />
        </span>
      ),
      children: node.children.map(toData),
    };
  };
  const treeData = nodes.map(toData);
  return (
    <Tree
      aria-label={t('incidences.currentStatus.assets')}
      treeData={treeData}
      defaultExpandAll
      selectedKeys={selectedId === undefined ? [] : [String(selectedId)]}
      onSelect={(_keys, { node }) => {
        const asset = byKey.get(String(node.key));
        if (asset) onSelect(asset);
      }}
    />
  );
}
