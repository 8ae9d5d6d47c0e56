import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { TagTreeNodeDto, TagTreeNodeInput } from '@plantlens/contracts';
import { App, Button, Empty, Flex, Input, Select, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteTagsMutation, useReplaceTagTreeMutation } from '../api';
import { tagConflictOf, usageList } from '../tag-conflict';
import {
  addTags,
  isSystemTag,
  mergeNodeStates,
  moveTag,
  parentOf,
  renameTag,
  withoutSystemTags,
  type TagNodeState,
} from '../tag-tree-edit';

interface TagTreeEditorProps {
  tree: TagTreeNodeDto[];
  /** reloads the tree (a cancelled confirmation, a tree changed meanwhile) */
  reload: () => void;
  checkedIds: number[];
  onCheck: (ids: number[]) => void;
}

interface ParentOption {
  value: number;
  label: string;
}

const parentOptions = (tree: TagTreeNodeDto[], path = ''): ParentOption[] =>
  withoutSystemTags(tree).flatMap((node) => [
    { value: node.id, label: `${path}${node.name}` },
    ...parentOptions(node.children, `${path}${node.name} / `),
  ]);

// The taxonomy's tree (part 1 §2 "/tags-tree"): add (a comma list, as roots or under a parent), drag and
// drop, inline rename, delete, checkboxes; each edit is saved at once as the whole tree. System tags are
// locked. The server's warnings (§4) are confirmed here; a cancelled one reloads the tree.
export function TagTreeEditor({ tree, reload, checkedIds, onCheck }: TagTreeEditorProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [replaceTree] = useReplaceTagTreeMutation();
  const [deleteTags] = useDeleteTagsMutation();
  const [reveal, setReveal] = useState<number[]>([]);
  // The node states follow each new tree (a refresh) during render, not in an effect.
  // The tree opens fully expanded; tags added later stay folded unless added under a chosen parent.
  const [merged, setMerged] = useState(() => ({
    tree,
    reveal,
    states: mergeNodeStates(new Map(), tree, tagIdsOf(tree)),
  }));
  if (merged.tree !== tree || merged.reveal !== reveal)
    setMerged({ tree, reveal, states: mergeNodeStates(merged.states, tree, reveal) });
  const states = merged.states;
  const setStates = (update: (previous: Map<number, TagNodeState>) => Map<number, TagNodeState>) =>
    setMerged((current) => ({ ...current, states: update(current.states) }));
  const [newNames, setNewNames] = useState('');
  const [parentId, setParentId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);

  const confirmThen = (title: string, content: string, onOk: () => void) =>
    modal.confirm({
      title,
      content,
      okText: t('tags.continue'),
      cancelText: t('common.cancel'),
      onOk,
      onCancel: reload,
    });

  const save = async (nodes: TagTreeNodeInput[], confirm = false): Promise<void> => {
    const result = await replaceTree({ nodes, confirm });
    if (!result.error) {
      void message.success(t('tags.saved'));
      return;
    }
    const conflict = tagConflictOf(result.error);
    if (conflict?.reason === 'tags-become-categories')
      confirmThen(
        t('tags.becomeCategoriesTitle'),
        t('tags.becomeCategories', { tags: usageList(conflict) }),
        () => void save(nodes, true),
      );
    else {
      void message.error(t(conflict?.reason === 'tree-changed' ? 'tags.treeChanged' : 'tags.saveError'));
      reload();
    }
  };

  const remove = async (node: TagTreeNodeDto, confirm = false): Promise<void> => {
    const result = await deleteTags({ nodes: [node], confirm });
    if (!result.error) {
      void message.success(t('tags.deleted', { name: node.name }));
      onCheck(checkedIds.filter((id) => id !== node.id));
      return;
    }
    const conflict = tagConflictOf(result.error);
    if (conflict?.reason === 'tags-in-use')
      confirmThen(
        t('tags.inUseTitle'),
        t('tags.inUse', { tags: usageList(conflict) }),
        () => void remove(node, true),
      );
    else void message.error(t('tags.deleteError', { name: node.name }));
  };

  const add = () => {
    const { tree: next, added, repeated } = addTags(tree, newNames, parentId);
    if (repeated.length > 0)
      modal.info({
        title: t('tags.repeatedTitle'),
        content: t('tags.repeated', { names: repeated.join(', ') }),
      });
    if (added.length === 0) return;
    setNewNames('');
    if (parentId !== null) setReveal([parentId]);
    void save(next);
  };

  const rename = (id: number, name: string) => {
    setRenaming(null);
    if (name.trim() === findName(tree, id)) return;
    const next = renameTag(tree, id, name);
    if (next) void save(next);
    else void message.error(t('tags.nameTaken'));
  };

  const title = (node: TagTreeNodeDto) => {
    if (isSystemTag(node.id))
      return (
        <Tooltip title={t('tags.locked')}>
          <span>
            <LockOutlined /> {node.name}
          </span>
        </Tooltip>
      );
    if (renaming?.id === node.id)
      return (
        <Input
          size="small"
          autoFocus
          aria-label={t('tags.newName', { name: node.name })}
          value={renaming.name}
          onChange={(event) => setRenaming({ id: node.id, name: event.target.value })}
          onPressEnter={() => rename(node.id, renaming.name)}
          // The tree must not take the field's focus and keys for its own navigation.
          onFocus={(event) => event.stopPropagation()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Escape') setRenaming(null);
          }}
          onBlur={() => setRenaming(null)}
          onClick={(event) => event.stopPropagation()}
        />
      );
    return (
      <Flex gap={4} align="center">
        <span>{node.name}</span>
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('tags.rename', { name: node.name })}
          onClick={(event) => {
            event.stopPropagation();
            setRenaming({ id: node.id, name: node.name });
          }}
        />
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('tags.delete', { name: node.name })}
          onClick={(event) => {
            event.stopPropagation();
            modal.confirm({
              title: t('tags.deleteConfirm', { name: node.name }),
              okText: t('common.delete'),
              okButtonProps: { danger: true },
              cancelText: t('common.cancel'),
              onOk: () => void remove(node),
            });
          }}
        />
      </Flex>
    );
  };

  const toData = (nodes: TagTreeNodeDto[]): TreeDataNode[] =>
    nodes.map((node) => ({
      key: node.id,
      title: title(node),
      children: toData(node.children),
    }));

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input
          aria-label={t('tags.newTags')}
          placeholder={t('tags.newTagsPlaceholder')}
          value={newNames}
          onChange={(event) => setNewNames(event.target.value)}
          onPressEnter={add}
          style={{ flex: '1 1 200px' }}
        />
        <Select<number>
          aria-label={t('tags.parent')}
          placeholder={t('tags.noParent')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          listHeight={220}
          value={parentId ?? undefined}
          onChange={(value) => setParentId(value ?? null)}
          options={parentOptions(tree)}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={add}>
          {t('tags.add')}
        </Button>
      </Flex>
      {tree.length === 0 ? (
        <Empty description={t('tags.emptyTree')} />
      ) : (
        <Tree
          aria-label={t('tags.tree')}
          checkable
          // A checked tag stands for itself and its descendants already (the server's filter).
          checkStrictly
          blockNode
          draggable={{
            icon: false,
            nodeDraggable: (node) => states.get(Number(node.key))?.draggable ?? false,
          }}
          allowDrop={({ dropNode, dropPosition }) =>
            dropPosition !== 0 || (states.get(Number(dropNode.key))?.droppable ?? false)
          }
          onDrop={({ dragNode, node, dropToGap }) => {
            const target = Number(node.key);
            const next = moveTag(tree, Number(dragNode.key), dropToGap ? parentOf(tree, target) : target);
            if (!next) void message.error(t('tags.moveRefused'));
            else if (!dropToGap) setReveal([target]);
            if (next) void save(next);
          }}
          expandedKeys={[...states].filter(([, state]) => state.expanded).map(([id]) => id)}
          onExpand={(keys) =>
            setStates((previous) => {
              const expanded = new Set(keys.map(Number));
              return new Map(
                [...previous].map(([id, state]) => [id, { ...state, expanded: expanded.has(id) }]),
              );
            })
          }
          checkedKeys={{ checked: checkedIds, halfChecked: [] }}
          onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(Number))}
          treeData={toData(tree)}
        />
      )}
      <Typography.Text type="secondary">{t('tags.checkedFilter')}</Typography.Text>
    </Flex>
  );
}

function tagIdsOf(tree: TagTreeNodeDto[]): number[] {
  return tree.flatMap((node) => [node.id, ...tagIdsOf(node.children)]);
}

function findName(tree: TagTreeNodeDto[], id: number): string | undefined {
  for (const node of tree) {
    if (node.id === id) return node.name;
    const inside = findName(node.children, id);
    if (inside !== undefined) return inside;
  }
  return undefined;
}
