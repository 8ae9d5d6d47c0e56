import type { DayEvolutionDto } from '@plantlens/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { stripBars } from '../evolution-strip';

const HEIGHT_PX = 24;

// The last 30 days of an incidence's rule, one bar per day (spec §9), each with its figures on hover.
export function EvolutionStrip({ days, name }: { days: readonly DayEvolutionDto[]; name: string }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="flex-end"
      gap={1}
      role="img"
      aria-label={t('incidences.list.evolutionOf', { name })}
      style={{ height: HEIGHT_PX }}
    >
      {stripBars(days).map((bar) => (
        <div
          key={bar.day}
          data-testid="evolution-day"
          title={
            bar.evaluations === 0
              ? t('incidences.list.dayNotEvaluated', { day: bar.day })
              : t('incidences.list.day', {
                  day: bar.day,
                  activations: bar.activations,
                  evaluations: bar.evaluations,
                })
          }
          style={{ width: 4, height: `${bar.heightPercent}%`, background: bar.colour }}
        />
      ))}
    </Flex>
  );
}
