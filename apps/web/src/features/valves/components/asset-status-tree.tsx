import type { AssetErrorDto } from '@plantlens/contracts';
import { Flex, Tag, Tooltip, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusTreeNode } from '../plant-status';
import { AssetErrorList } from './asset-error-list';

interface AssetStatusTreeProps {
  nodes: StatusTreeNode[];
  errors: ReadonlyMap<string, AssetErrorDto[]>;
  onOpen: (asset: string) => void;
}

// Coke drums → asset types → assets with their alarm counts (spec part 2 §2): red above 0, green at 0.
// Hovering an asset lists its errors; clicking one with alarms opens its incidence review.
export function AssetStatusTree({ nodes, errors, onOpen }: AssetStatusTreeProps) {
  const { t } = useTranslation();
  const title = (node: StatusTreeNode) => {
    const label = (
      <Flex
        gap={8}
        align="center"
        data-testid={`status-node-${node.key}`}
        onClick={node.asset && node.alarms > 0 ? () => onOpen(node.key) : undefined}
        style={{ cursor: node.asset && node.alarms > 0 ? 'pointer' : 'default' }}
      >
        <Typography.Text>{node.label}</Typography.Text>
        <Tag
          color={node.alarms > 0 ? 'red' : 'green'}
          title={t('ampo.currentStatus.alarms', { count: node.alarms })}
          data-alarm={node.alarms > 0 ? 'true' : 'false'}
        >
          {node.alarms}
        </Tag>
      </Flex>
    );
    return node.asset ? (
      <Tooltip title={<AssetErrorList errors={errors.get(node.key) ?? []} />} placement="right">
        {label}
      </Tooltip>
    ) : (
      label
    );
  };
  return (
    <Tree<StatusTreeNode>
      aria-label={t('ampo.currentStatus.assets')}
      treeData={nodes}
      fieldNames={{ key: 'key', children: 'children' }}
      titleRender={title}
      defaultExpandAll
      selectable={false}
      blockNode
    />
  );
}
