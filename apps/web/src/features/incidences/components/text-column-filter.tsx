import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { TableColumnType } from 'antd';

// A table column filtered on the client by the text typed in its header's search box (any case).
export function textColumnFilter<Row>(
  label: string,
  text: (row: Row) => string,
): Pick<TableColumnType<Row>, 'filterDropdown' | 'filterIcon' | 'onFilter'> {
  return {
    filterIcon: (filtered) => (
      <SearchOutlined aria-label={label} style={{ color: filtered ? '#1677ff' : undefined }} />
    ),
    filterDropdown: ({ selectedKeys, setSelectedKeys, confirm }) => (
      <Input.Search
        aria-label={label}
        placeholder={label}
        allowClear
        autoFocus
        style={{ padding: 8, width: 240 }}
        value={selectedKeys[0] as string | undefined}
        onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
        onSearch={() => confirm()}
      />
    ),
    onFilter: (value, row) => text(row).toLowerCase().includes(String(value).trim().toLowerCase()),
  };
}
