import { UnorderedListOutlined } from '@ant-design/icons';
import { RULE_MAX_PER_REQUEST, type VariableMinimalDto } from '@plantlens/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VariableSelectionModal } from '../../../components/variable-pickers/variable-selection-modal';

interface VariableListFieldProps {
  /** given by the surrounding Form.Item */
  value?: VariableMinimalDto[];
  onChange?: (variables: VariableMinimalDto[]) => void;
  'aria-label': string;
}

// The first operands of a batch: variables ticked in the explorer's multiple-selection modal, each shown
// as a removable tag.
export function VariableListField({ value = [], onChange, 'aria-label': ariaLabel }: VariableListFieldProps) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  return (
    <Flex vertical gap={8} role="group" aria-label={ariaLabel}>
      <div>
        <Button icon={<UnorderedListOutlined />} onClick={() => setChoosing(true)}>
          {t('incidences.ruleForm.chooseVariables')}
        </Button>
      </div>
      {value.length === 0 ? (
        <Typography.Text type="secondary">{t('incidences.ruleForm.noVariables')}</Typography.Text>
      ) : (
        <Flex wrap gap={4}>
          {value.map((variable) => (
            <Tag
              key={variable.id}
              closable
              closeIcon={
                <span aria-label={t('incidences.ruleForm.removeVariable', { name: variable.label })}>×</span>
              }
              onClose={() => onChange?.(value.filter(({ id }) => id !== variable.id))}
            >
              {variable.label} · {variable.clientReference}
            </Tag>
          ))}
        </Flex>
      )}
      {choosing && (
        <VariableSelectionModal
          initial={value}
          maxSelected={RULE_MAX_PER_REQUEST}
          onConfirm={(variables) => {
            setChoosing(false);
            onChange?.(variables);
          }}
          onCancel={() => setChoosing(false)}
        />
      )}
    </Flex>
  );
}
