import { Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetPlantTreeQuery, useGetValveActuationsQuery } from '../api';
import { findAsset } from '../plant-status';
import { toUtcIso } from '../valve-format';
import { monthStartMs, valveInfo } from '../valve-rules';
import { ValveAdminActions } from './valve-admin-actions';

// The valve info card of spec part 2 §9, with the administrators' actions on the valve.
export function ValveInfoCard({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const tree = useGetPlantTreeQuery();
  const actuations = useGetValveActuationsQuery({ valve: asset, fromDate: toUtcIso(monthStartMs(now)) });
  const valve = findAsset(tree.data, asset);
  const info = valveInfo(tree.isLoading ? undefined : valve, actuations.data, now);
  const item = (key: keyof typeof info) => ({
    key,
    label: t(`ampo.info.${key}`),
    children: <span data-testid={`valve-info-${key}`}>{info[key]}</span>,
  });
  return (
    <Card
      size="small"
      title={`${t('ampo.info.title')}: ${valve?.label ?? asset}`}
      loading={tree.isLoading}
      data-testid="valve-info-card"
      extra={valve && <ValveAdminActions valve={valve} />}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          item('type'),
          item('serialNumber'),
          item('tagNumber'),
          item('lastMaintenance'),
          item('cycleNumber'),
        ]}
      />
    </Card>
  );
}
