import type { AssetErrorDto } from '@plantlens/contracts';
import { Flex, Tag, Tooltip, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusTreeNode } from '../plant-status';
import { formatErrorTime } from '../valve-format';
import { FailureText } from './failure-text';

interface AssetStatusTreeProps {
  nodes: StatusTreeNode[];
  errors: ReadonlyMap<string, AssetErrorDto[]>;
  onOpen: (asset: string) => void;
}

// Every error of an asset: failure text and time range, the first (the one the review opens) in bold.
function ErrorList({ errors }: { errors: AssetErrorDto[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return <span>{t('ampo.currentStatus.noErrors')}</span>;
  return (
    <Flex vertical gap={4} data-testid="asset-errors">
      {errors.map((error, index) => (
        <span
          key={`${error.beginDate}-${error.errorCode}-${index}`}
          style={{ fontWeight: index === 0 ? 700 : 400 }}
        >
          <FailureText code={error.errorCode} />{' '}
          {t('ampo.currentStatus.errorRange', {
            begin: formatErrorTime(error.beginDate),
            end: formatErrorTime(error.endDate),
          })}
        </span>
      ))}
    </Flex>
  );
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
      <Tooltip title={<ErrorList errors={errors.get(node.key) ?? []} />} placement="right">
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
