import { fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { I18nextProvider } from 'react-i18next';
import { ANTD_LOCALES, createI18n } from '../../app/i18n';
import type { Language } from '../../config/languages';
import type { RangeSelection } from '../../lib/date-ranges';
import { RangeSelector } from './range-selector';

jest.setTimeout(60_000);

async function renderSelector(language: Language, value: RangeSelection = { choice: 'today' }) {
  const storage = new Map<string, string>();
  const i18n = createI18n({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, stored) => void storage.set(key, stored),
  });
  await i18n.changeLanguage(language);
  const onChange = jest.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <RangeSelector value={value} onChange={onChange} />
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { onChange };
}

const openCalendar = () => fireEvent.click(screen.getAllByRole('textbox')[0]);
const weekdayHeader = () =>
  [...document.querySelectorAll('.ant-picker-date-panel')[0].querySelectorAll('thead th')].map(
    (cell) => cell.textContent,
  );

describe('RangeSelector', () => {
  it('shows a Monday-first calendar in Spanish', async () => {
    await renderSelector('es_ES');
    openCalendar();
    expect(weekdayHeader()).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
  });

  it('shows a Sunday-first calendar in English', async () => {
    await renderSelector('en_GB');
    openCalendar();
    expect(weekdayHeader()[0]).toBe('Su');
  });

  it.each([
    ['it_IT', 'Dom'],
    ['de_DE', 'So'],
  ] as const)('shows a Sunday-first calendar in %s', async (language, sunday) => {
    await renderSelector(language);
    openCalendar();
    expect(weekdayHeader()[0]).toBe(sunday);
  });

  it('greys out the days after today, and only those', async () => {
    await renderSelector('es_ES');
    openCalendar();
    const cell = (day: dayjs.Dayjs) => document.querySelector(`td[title="${day.format('YYYY-MM-DD')}"]`);
    expect(cell(dayjs().add(1, 'day'))).toHaveClass('ant-picker-cell-disabled');
    expect(cell(dayjs())).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('offers the presets and custom, in Spanish', async () => {
    const { onChange } = await renderSelector('es_ES');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rango' }));
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.textContent),
    ).toEqual([
      'Hoy',
      'Ayer',
      'Últimos 7 días',
      'Últimos 30 días',
      'Este mes',
      'Mes pasado',
      'Personalizado',
    ]);
    fireEvent.click(screen.getByTitle('Ayer'));
    expect(onChange).toHaveBeenCalledWith({ choice: 'yesterday' });
  });
});
