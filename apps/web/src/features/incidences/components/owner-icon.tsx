import { UserOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLazyGetIncidenceRuleOwnerQuery } from '../api';

// Spec §2: the owner of a rule, asked of the server when the icon is first hovered. Until the answer, and
// after a failure (spec §8: logged only), the tooltip stays in its loading state.
export function OwnerIcon({ ruleId, ruleName }: { ruleId: number; ruleName: string }) {
  const { t } = useTranslation();
  const [loadOwner, owner] = useLazyGetIncidenceRuleOwnerQuery();
  const lookUp = async () => {
    const result = await loadOwner(ruleId, true);
    if (result.isError) console.error(`The owner of rule ${ruleId} could not be loaded`, result.error);
  };
  const title = owner.isSuccess ? owner.data || t('incidences.rules.noOwner') : t('app.loading');
  return (
    <Tooltip title={title} onOpenChange={(open) => open && void lookUp()}>
      <UserOutlined aria-label={t('incidences.rules.ownerOf', { name: ruleName })} tabIndex={0} />
    </Tooltip>
  );
}
