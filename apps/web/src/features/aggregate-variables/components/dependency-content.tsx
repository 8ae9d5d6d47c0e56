import type { AggregateDependenciesDto } from '@plantlens/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

// The body of the acceptance modal of a delete blocked by dependencies (spec part 1 §4, §8).
export function DependencyContent({ dependencies }: { dependencies: AggregateDependenciesDto }) {
  const { t } = useTranslation();
  const groups = [
    {
      key: 'variables',
      title: t('aggregateVariables.messages.dependentVariables'),
      items: dependencies.variables,
    },
    { key: 'rules', title: t('aggregateVariables.messages.dependentRules'), items: dependencies.rules },
  ].filter(({ items }) => items.length > 0);
  return (
    <>
      {groups.map(({ key, title, items }) => (
        <div key={key} data-testid={`dependent-${key}`}>
          <Typography.Text strong>{title}</Typography.Text>
          <ul style={{ margin: '4px 0 8px' }}>
            {items.map((item) => (
              <li key={item.id}>{item.name}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
